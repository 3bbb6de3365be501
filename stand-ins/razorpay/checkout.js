/*
 * The Razorpay stand-in's Checkout.js (served at /v1/checkout.js by server.ts): Razorpay's browser
 * interface, `new Razorpay(options)`, `.open()`, `.close()`, `.on("payment.failed", cb)`, with
 * options.key, amount, currency, name, description, order_id, prefill, theme, handler and
 * modal.ondismiss. Its dialog offers "Success" and "Failure", as Razorpay's test mode does.
 *
 * It runs under the shop's Content-Security-Policy: loaded from the stand-in's origin, no inline
 * handlers, no eval, no <style> element (styles through element.style only).
 */
(() => {
  const API_ORIGIN = "__STANDIN_ORIGIN__";
  let dialogCount = 0;

  function formatAmount(amount, currency) {
    const value = Number(amount) / 100;
    try {
      return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency || "INR" }).format(value);
    } catch {
      return `${currency || "INR"} ${value.toFixed(2)}`;
    }
  }

  function el(tag, styles, text) {
    const node = document.createElement(tag);
    if (styles) Object.assign(node.style, styles);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const BUTTON = {
    font: "inherit",
    fontSize: "1rem",
    fontWeight: "600",
    padding: "0.75rem 1rem",
    minHeight: "44px",
    borderRadius: "6px",
    cursor: "pointer",
    width: "100%",
  };

  class Razorpay {
    constructor(options) {
      if (!options || typeof options !== "object") throw new Error("Razorpay: options are required");
      if (!options.key) throw new Error("Razorpay: No key passed");
      this.options = options;
      this.listeners = {};
      this.root = null;
    }
  }

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback !== "function") return this;
    if (!this.listeners[event]) this.listeners[event] = [];
    this.listeners[event].push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    for (const callback of this.listeners[event] || []) {
      try {
        callback(payload);
      } catch (err) {
        setTimeout(() => {
          throw err;
        });
      }
    }
  };

  Razorpay.prototype.open = function () {
    if (this.root) return this;
    const options = this.options;
    const theme = options.theme?.color || "#3395ff";
    const shopName = options.name || "Merchant";
    const amountText = formatAmount(options.amount, options.currency);
    dialogCount += 1;
    const titleId = `rzp-standin-title-${dialogCount}`;
    const descId = `rzp-standin-desc-${dialogCount}`;

    this.previousFocus = document.activeElement;
    this.previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const root = el("div", {
      position: "fixed",
      inset: "0",
      zIndex: "2147483000",
      background: "rgba(0, 0, 0, 0.6)",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      padding: "1rem",
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    });
    root.setAttribute("data-razorpay-standin", "");

    const dialog = el("div", {
      background: "#ffffff",
      color: "#1a1a1a",
      borderRadius: "10px",
      width: "100%",
      maxWidth: "24rem",
      boxShadow: "0 12px 40px rgba(0, 0, 0, 0.35)",
      overflow: "hidden",
    });
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-labelledby", titleId);
    dialog.setAttribute("aria-describedby", descId);
    dialog.tabIndex = -1;

    const header = el("div", {
      background: theme,
      color: "#ffffff",
      padding: "1rem 3.25rem 1rem 1.25rem",
      position: "relative",
    });
    const title = el("h2", { margin: "0", fontSize: "1.25rem", lineHeight: "1.3", color: "#ffffff" });
    title.id = titleId;
    title.append(el("span", { display: "block", fontSize: "1rem", fontWeight: "500" }, shopName));
    title.append(el("span", { display: "block" }, `Pay ${amountText}`));
    // A dark band behind the white text keeps it readable whatever the theme colour is.
    title.style.textShadow = "0 1px 2px rgba(0, 0, 0, 0.45)";
    header.style.backgroundImage = "linear-gradient(rgba(0, 0, 0, 0.35), rgba(0, 0, 0, 0.35))";

    const close = el(
      "button",
      {
        position: "absolute",
        top: "0.5rem",
        right: "0.5rem",
        width: "44px",
        height: "44px",
        border: "0",
        borderRadius: "50%",
        background: "rgba(0, 0, 0, 0.35)",
        color: "#ffffff",
        fontSize: "1.5rem",
        lineHeight: "1",
        cursor: "pointer",
      },
      "\u00d7",
    );
    close.type = "button";
    close.setAttribute("aria-label", "Close payment window");
    header.append(title, close);

    const body = el("div", { padding: "1.25rem", display: "grid", gap: "0.75rem" });
    const desc = el("p", { margin: "0", fontSize: "0.95rem", lineHeight: "1.5" });
    desc.id = descId;
    desc.textContent = `${options.description ? `${options.description}. ` : ""}Test mode (local Razorpay stand-in): choose how this payment ends.`;
    const order = el(
      "p",
      { margin: "0", fontSize: "0.85rem", color: "#4a4a4a" },
      options.order_id ? `Razorpay order ${options.order_id}` : "",
    );

    const success = el("button", { ...BUTTON, background: "#0b6b2e", color: "#ffffff", border: "2px solid #0b6b2e" }, "Success");
    success.type = "button";
    const failure = el("button", { ...BUTTON, background: "#ffffff", color: "#a1161b", border: "2px solid #a1161b" }, "Failure");
    failure.type = "button";

    const status = el("p", { margin: "0", minHeight: "1.5em", fontSize: "0.95rem", color: "#1a1a1a" });
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");

    body.append(desc, order, success, failure, status);
    dialog.append(header, body);
    root.append(dialog);
    document.body.append(root);

    this.root = root;
    this.busy = false;

    const focusables = () => [close, success, failure];
    this.onKeydown = (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.dismiss();
        return;
      }
      if (event.key === "Tab") {
        const items = focusables();
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    this.onFocusIn = (event) => {
      if (this.root && !dialog.contains(event.target)) success.focus();
    };
    document.addEventListener("keydown", this.onKeydown, true);
    document.addEventListener("focusin", this.onFocusIn);

    close.addEventListener("click", () => this.dismiss());
    root.addEventListener("click", (event) => {
      if (event.target === root) this.dismiss();
    });
    success.addEventListener("click", () => this.pay("success", status));
    failure.addEventListener("click", () => this.pay("failure", status));

    success.focus();
    return this;
  };

  Razorpay.prototype.pay = async function (outcome, status) {
    if (this.busy || !this.root) return;
    this.busy = true;
    this.root.setAttribute("aria-busy", "true");
    status.style.color = "#1a1a1a";
    status.textContent = "Processing payment\u2026";
    const options = this.options;
    const prefill = options.prefill || {};
    let response;
    let json;
    try {
      response = await fetch(`${API_ORIGIN}/v1/standin/pay`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          key_id: options.key,
          order_id: options.order_id,
          outcome,
          email: prefill.email || undefined,
          contact: prefill.contact || undefined,
        }),
      });
      json = await response.json();
    } catch {
      json = null;
    }
    this.busy = false;
    if (!this.root) return;
    this.root.removeAttribute("aria-busy");

    if (response?.ok && json?.razorpay_payment_id) {
      this.close();
      if (typeof options.handler === "function") options.handler(json);
      return;
    }
    const error = json?.error;
    status.style.color = "#a1161b";
    if (error?.metadata?.payment_id) {
      const reason = /[.!?]$/.test(error.description) ? error.description : `${error.description}.`;
      status.textContent = `Payment failed: ${reason} You may try again or close this window.`;
      this.emit("payment.failed", {
        error: {
          code: error.code,
          description: error.description,
          source: error.source,
          step: error.step,
          reason: error.reason,
          metadata: { order_id: error.metadata.order_id, payment_id: error.metadata.payment_id },
        },
      });
      return;
    }
    status.textContent = error?.description ? error.description : "Could not reach the payment stand-in. Please try again.";
  };

  Razorpay.prototype.dismiss = function () {
    if (!this.root) return;
    this.close();
    const modal = this.options.modal;
    if (modal && typeof modal.ondismiss === "function") modal.ondismiss();
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener("keydown", this.onKeydown, true);
    document.removeEventListener("focusin", this.onFocusIn);
    this.root.remove();
    this.root = null;
    document.body.style.overflow = this.previousOverflow || "";
    const previous = this.previousFocus;
    if (previous && typeof previous.focus === "function" && document.contains(previous)) previous.focus();
  };

  window.Razorpay = Razorpay;
})();
