export * from "./accounts";
export * from "./catalog";
export * from "./messages";
export * from "./orders";
export * from "./settings";
export * from "./shopping";
