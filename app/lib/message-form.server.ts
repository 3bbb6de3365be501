import { data } from "react-router";
import { MESSAGE_LIMITS } from "../../workers/services/content/messages.rules";
import type { ServiceContext } from "../../workers/services/platform/context";
import type { MessageAnswer } from "../components/contact/message-form";
import { formProblem, readForm } from "./auth.server";

/** A signed-in shopper's name and e-mail, to fill in; the session check is the root loader's (no extra read). */
export async function prefill(services: ServiceContext) {
  const user = await services.user();
  return { name: user?.name ?? "", email: user?.email ?? "" };
}

/** What was typed, to refill a refused form without JavaScript (cut to the longest field's limit). */
function typed(form: FormData, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = form.get(n);
    if (typeof v === "string") out[n] = v.slice(0, MESSAGE_LIMITS.message);
  }
  return out;
}

/** A message page's action: the service's answer, or its refusal with each field's message. */
export async function messageAction(
  request: Request,
  send: (input: Record<string, unknown>) => Promise<{ message: string }>,
  fields: string[],
  failed: string,
) {
  const form = await readForm(request);
  try {
    const { message } = await send(Object.fromEntries(form));
    return data<MessageAnswer>({ sent: true, message });
  } catch (err) {
    return formProblem(err, typed(form, fields), failed);
  }
}
