// `skymock/testcontainers`: the emulator's image as a testcontainers module. SkymockContainer's builders set
// the seed, clock, random seed, faults and config (setup.ts); the started container gives its URL, the OS_*
// variables and clouds.yaml of its users, and a SkymockClient on its control API.

import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
// the client's public entry only: the build keeps it the published `skymock/client`, not a copy
import { cloudsYaml, osEnvironment, SkymockClient, type CloudCredentials, type FaultRuleInput, type SkymockConfig, type WorldDocument } from "../client/index.js";
import { containerSetup, controlTokenOf, SKYMOCK_PORT, type ContainerSetup, type SkymockSettings } from "./setup.js";
import { startFailure } from "./start-failure.js";

export { containerSetup, controlTokenOf, SKYMOCK_PORT, type ContainerSetup, type SkymockSettings } from "./setup.js";

export class SkymockContainer extends GenericContainer {
  #settings: SkymockSettings = {};

  constructor(image = "skymock:latest") {
    super(image);
    // a container that exits (a bad seed, scenario or option) fails the wait within a second, with its output
    const health = Wait.forHttp("/_emulator/health", SKYMOCK_PORT, { abortOnContainerExit: true }).forStatusCode(200);
    this.withExposedPorts(SKYMOCK_PORT).withWaitStrategy(health).withStartupTimeout(60_000);
  }

  /** A seed world (object, or YAML/JSON text), copied into the container; replaces withScenario(). */
  withSeed(world: WorldDocument | string): this {
    this.#settings.seed = { document: world };
    return this;
  }

  /** A named scenario of the image's fixtures (`default`, `two-tenants`); replaces withSeed(). */
  withScenario(name: string): this {
    this.#settings.seed = { scenario: name };
    return this;
  }

  /** Virtual time runs `factor` times faster than real time. */
  withTimeFactor(factor: number): this {
    this.#settings.timeFactor = factor;
    return this;
  }

  /** Time moves only when the control API advances it. */
  withFrozenClock(frozen = true): this {
    this.#settings.frozenClock = frozen;
    return this;
  }

  /** Makes every generated id, token and secret reproducible. */
  withRandomSeed(seed: number): this {
    this.#settings.randomSeed = seed;
    return this;
  }

  /**
   * The control API (/_emulator, health aside) then requires this secret; `control` sends it. Set it when
   * the container's port is reachable by more than the test (a shared Docker host, a CI network).
   */
  withControlToken(token: string): this {
    this.#settings.controlToken = token;
    return this;
  }

  /** Fault rules active from the start and again after every reset (added to the config file's). */
  withFaults(rules: FaultRuleInput[]): this {
    this.#settings.faults = [...(this.#settings.faults ?? []), ...rules];
    return this;
  }

  /** Options as `skymock start --config` reads them: an object (typed: a misspelt key does not compile), or YAML/JSON text. */
  withConfig(config: SkymockConfig | string): this {
    this.#settings.config = config;
    return this;
  }

  /** The environment and files start() gives the container. */
  setup(): ContainerSetup {
    return containerSetup(this.#settings);
  }

  override async start(): Promise<StartedSkymockContainer> {
    const { environment, files } = this.setup();
    this.withEnvironment(environment).withCopyContentToContainer(files.map((f) => ({ ...f, mode: 0o644 })));
    let started: StartedTestContainer;
    try {
      started = await super.start();
    } catch (error) {
      throw startFailure(error, this.imageName.string);
    }
    const url = `http://${started.getHost()}:${started.getMappedPort(SKYMOCK_PORT)}`;
    const control = new SkymockClient(url, { controlToken: controlTokenOf(this.#settings) });
    try {
      return new StartedSkymockContainer(started, url, control, await control.logins());
    } catch (error) {
      await started.stop();
      throw error;
    }
  }
}

export class StartedSkymockContainer extends AbstractStartedContainer {
  /** the emulator's base URL on the host, e.g. `http://localhost:32771` */
  readonly url: string;
  /** the OpenStack auth URL (Keystone at /identity) */
  readonly authUrl: string;
  /** the control API (/_emulator) */
  readonly control: SkymockClient;
  readonly #logins: Map<string, CloudCredentials>;

  constructor(started: StartedTestContainer, url: string, control: SkymockClient, logins: CloudCredentials[]) {
    super(started);
    this.url = url;
    this.authUrl = `${url}/identity`;
    this.control = control;
    this.#logins = new Map(logins.map((l) => [l.username, l]));
  }

  /** OS_* for a user of the world the container started with (default admin); tenants: control.osEnvironment(). */
  osEnvironment(user = "admin"): Record<string, string> {
    return osEnvironment(this.url, this.#credentials(user));
  }

  /** clouds.yaml for a user of the world the container started with (default admin). */
  cloudsYaml(user = "admin", cloudName?: string): string {
    return cloudsYaml(this.url, this.#credentials(user), cloudName);
  }

  #credentials(user: string): CloudCredentials {
    const found = this.#logins.get(user);
    if (!found) {
      const known = [...this.#logins.keys()].join(", ") || "none";
      throw new Error(`skymock: no user ${user} in the world the container started with (known: ${known}); for a tenant made since, use control.osEnvironment({ user }).`);
    }
    return found;
  }
}
