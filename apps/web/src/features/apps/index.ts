// What other areas may use from apps: nothing yet (pages are reached through the router).
export {};
