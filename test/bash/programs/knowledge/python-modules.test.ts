/**
 * knowledge/python-modules.ts as a table (issue 37): python -m MOD: the
 * standard modules that are programs of their own; any other is the program of
 * its name.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("python-modules", [
  { command: "python3 -m timeit 'import os'", want: "ask", why: "timeit's operands are Python statements" },
  { command: "python3 -m zipfile -l a.zip", want: "allow", why: "zipfile -l lists" },
  { command: "python3 -m zipfile -e a.zip out", want: "ask", why: "zipfile -e writes members permc does not list" },
  { command: "python3 -m zipfile -c out.zip {HOME}/.ssh", want: "deny", why: "zipfile -c reads every file under its sources" },
  { command: "python3 -m zipfile -c out.zip src", want: "allow", why: "zipfile -c of a tree holding no denied file" },
  { command: "python3 -m cProfile -o x.env x.py", want: "deny", why: "cProfile -o writes its profile there" },
  { command: "python3 -m pip list", want: "allow", why: "python -m pip is pip" },
]);
