// What other areas may use from hiring: nothing yet (pages are reached through the router).
export {};
