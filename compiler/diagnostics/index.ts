export * from "./catalogue.js";
export * from "./diagnostic.js";
export * from "./render.js";
