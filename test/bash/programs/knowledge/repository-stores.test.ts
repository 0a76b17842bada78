/**
 * knowledge/repository-stores.ts as a table (issue 37): a repository's store
 * holds copies of its files; the git directory's entries that hold no content
 * do not.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("repository-stores", [
  { command: "cat repo/.git/HEAD", want: "allow", why: "HEAD holds no file's content" },
  { command: "cat repo/.git/config", want: "allow", why: "config holds no file's content" },
  { command: "cat repo/.git/objects/65/ec0000", want: "ask", why: "an object may be a denied file's content" },
]);
