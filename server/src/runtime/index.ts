// Building/locating the Java runtime and the contract generated code targets.
export * from './contract';
export * from './build';
