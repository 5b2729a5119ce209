import { postAction, type ActionResponse } from "./action-manifest";

export type { ActionResponse };

/**
 * Calls the server action `actionName` of the production build on an instance,
 * as the signed-in user of `cookie` (or a visitor), with `args` as its
 * arguments; the answer's status, body and the action's return value.
 */
export function callServerAction(instanceUrl: string, actionName: string, args: unknown[], options: { cookie?: string } = {}): Promise<ActionResponse> {
  return postAction(instanceUrl, actionName, args, { cookie: options.cookie });
}
