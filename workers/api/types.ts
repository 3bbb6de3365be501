import type { Env } from "../env";
import type { ServiceContext } from "../services/platform/context";

export interface ApiEnv {
  Bindings: Env;
  Variables: { ctx: ServiceContext; nonce: string };
}
