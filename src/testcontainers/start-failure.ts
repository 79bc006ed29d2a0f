// Why a SkymockContainer did not start, in words a user can act on: the emulator's own output when the
// container exited (a misspelled scenario, seed or config key exits at once with the reason), how to build
// the image when it is missing, and how to do without Ryuk where no public registry can be reached.

/** testcontainers' message when the container exits while its HTTP wait runs (abortOnContainerExit). */
const EXITED = /Container exited during HTTP healthCheck, last \d+ logs:\s*/;
const PULL = /pull access denied|repository does not exist|manifest unknown|no such host|registry-1\.docker\.io|No such image|not found: manifest|failed to resolve reference/i;

export function startFailure(error: unknown, image: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  const exited = EXITED.exec(message);
  if (exited) {
    const output = message.slice(exited.index + exited[0].length).trim();
    return new Error(`skymock: the container (${image}) exited before it was ready. Its output:\n${output || "(nothing)"}`, { cause: error });
  }
  if (PULL.test(message)) {
    const ryuk = /ryuk/i.test(message) && !/ryuk/i.test(image);
    const hint = ryuk
      ? "testcontainers' Ryuk (the reaper container) comes from Docker Hub: where no public registry can be reached, set TESTCONTAINERS_RYUK_DISABLED=true (and stop your containers in the test)."
      : `the image ${image} is not on this machine and could not be pulled. Build it from a skymock checkout: docker build -t ${image} . ` +
        "(where no public registry can be reached, build on a local Node base: docker build --build-arg NODE_IMAGE=$(scripts/stand-in-node-image.sh) " +
        `-t ${image} .). testcontainers' Ryuk also comes from Docker Hub: there, set TESTCONTAINERS_RYUK_DISABLED=true.`;
    return new Error(`skymock: ${hint}\n(${message})`, { cause: error });
  }
  return error instanceof Error ? error : new Error(message);
}
