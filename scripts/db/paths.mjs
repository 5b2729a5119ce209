import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where the embedded database keeps its files: LOYALTAP_DATA_DIR or .data/ */
export function embeddedDataDir() {
  return path.resolve(root, process.env.LOYALTAP_DATA_DIR ?? ".data/pglite");
}
