import { measureStore } from "./store.mjs";
const r = await measureStore({ insertsPerRound: 500, rounds: 30 });
console.log(r.insertSmallUs.toFixed(2), r.insertLargeUs.toFixed(2), r.insertRatio.toFixed(2), r.readSmallNs.toFixed(0), r.readLargeNs.toFixed(0));
