// The message bus: an AMQP bridge when the options name a broker (--amqp-url), nothing otherwise. The
// bridge's module (and its AMQP client) is loaded by the first bridge, not at start.

import type { Kernel } from "../kernel/kernel.js";
import type { ServiceModule } from "../kernel/service.js";
import { AmqpBridge, type BusHealth, type BusOptions } from "./bridge.js";

export type { BusHealth, BusOptions };
export type { BusEvents } from "./events.js";

export interface Bus {
  /** the bridge's connection and counters, as /_emulator/health shows them */
  health(): BusHealth;
  /** resolves once connected, consuming, with nothing left to publish; rejects after `timeoutMs` */
  settled(timeoutMs?: number): Promise<void>;
  close(graceMs?: number): Promise<void>;
  /** publishes one message on the exchange; resolves once the broker confirmed it */
  publish(routingKey: string, body: unknown): Promise<void>;
}

export function startBus(kernel: Kernel, services: readonly ServiceModule[], options: BusOptions | undefined): Bus | undefined {
  return options ? new AmqpBridge(kernel, services, options) : undefined;
}
