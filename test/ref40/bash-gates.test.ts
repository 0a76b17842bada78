import { describeDecisionRows } from "./decision-rows.js";
import { BASH_ROWS } from "./exceptions.js";

// The rows of these files that run a bash command through the gates (the bash analysis' own vectors).
describeDecisionRows("pipeline.jsonl", (r) => !BASH_ROWS(r));
describeDecisionRows("directional.jsonl");
describeDecisionRows("yolo.jsonl");
