// Types for federation-shared.cjs (read by the Jest guard test in frontend-shell).
declare const federationShared: {
  SHARED_SINGLETONS: readonly string[];
  REACT_ROUTER_EXPORTS: readonly string[];
};
export = federationShared;
