import { describeDecisionRows } from "./decision-rows.js";

describeDecisionRows("scopes.jsonl");
