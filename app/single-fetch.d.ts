import "@remix-run/node";

// Opt the loader/action types into Single Fetch serialization (future.v3_singleFetch).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
