// What other areas may use from the network: nothing yet (pages are reached through the router).
export {};
