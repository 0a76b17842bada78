import { ACTIONS, isAction } from "../../runtime/action.js";
import { quote } from "../diagnostics/index.js";
import { suggestKey } from "./suggest-key.js";

/** A help line for a string that is almost an action (JSON and `.perm` alike). */
export function actionHelp(text: string): string | undefined {
  const folded = text.trim().toLowerCase();
  if (isAction(folded)) return `actions are lowercase and unpadded: write ${quote(folded)}`;
  const hash = text.indexOf("#");
  if (hash > 0 && isAction(text.slice(0, hash).trim())) {
    return "an inline `#` comment becomes part of the value; put the comment on its own line";
  }
  const near = suggestKey(folded, ACTIONS);
  return near !== undefined ? `did you mean ${quote(near)}?` : undefined;
}
