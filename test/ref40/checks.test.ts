import { describeDecisionRows } from "./decision-rows.js";

describeDecisionRows("checks.jsonl");
