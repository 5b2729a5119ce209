// Imported first by the entry scripts (scripts/start.mjs): an ES module's
// imports run in order, so this stops an older Node before any other module
// of the app runs.
import { assertSupportedNode } from "./node-version.mjs";

assertSupportedNode();
