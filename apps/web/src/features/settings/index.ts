// What other areas may use from this feature: nothing yet. Its pages are loaded lazily by the
// router from pages/ (see src/boundaries.test.ts).
export {};
