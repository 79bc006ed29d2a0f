// Reference point for the cold-start figure: the smallest node:http server (listen on argv[2], answer 200),
// so spawn -> first 200 of skymock can be read against what node itself needs on this machine.
import { createServer } from "node:http";

createServer((req, res) => res.end("{}")).listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
