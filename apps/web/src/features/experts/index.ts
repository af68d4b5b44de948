// What other areas may use from experts: nothing yet (pages are reached through the router).
export {};
