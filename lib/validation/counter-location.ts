import { z } from "zod";

// The counter's choice of location (docs/locations.md, "The counter"): ids from
// the page; the server checks the worker may work there.
export const counterLocationSchema = z.object({ businessId: z.uuid(), locationId: z.uuid() });
