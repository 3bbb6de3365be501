import { settings } from "../../../workers/services/content/settings";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "../icons";
import { Countdown } from "./countdown";
import type { LaunchCountdown } from "./launch.server";

const POSTER = "/media/banners/hero-2.svg";

const SOCIAL_ICONS: Record<string, () => React.JSX.Element> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  YouTube: YoutubeIcon,
};

/**
 * The coming-soon screen (docs/product/catalog.md, "Coming soon"): the launch countdown, social links and a muted, looping
 * video behind it. The video has no file yet; its poster is what shows. Used by /coming-soon and by
 * a category with nothing in it.
 */
export function ComingSoonScreen({
  eyebrow,
  countdown,
  children,
  actions,
}: {
  eyebrow: string;
  countdown: LaunchCountdown;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a backdrop without controls is not focusable; it only decorates */}
      <video className="coming-soon__video" poster={POSTER} muted loop playsInline preload="none" aria-hidden="true" />
      <div className="coming-soon__content container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="coming-soon-title">Coming Soon</h1>
        <div className="coming-soon__text">{children}</div>
        <Countdown {...countdown} />
        <div className="coming-soon__social">
          <p id="coming-soon-social">Follow our journey</p>
          <ul className="coming-soon__social-links" aria-labelledby="coming-soon-social">
            {settings.social.map(({ name, href }) => {
              const Icon = SOCIAL_ICONS[name];
              return (
                <li key={name}>
                  <a href={href} target="_blank" rel="noopener" aria-label={`${settings.brand.name} on ${name} (opens in a new tab)`}>
                    {Icon ? <Icon /> : name}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        {actions && <div className="button-row">{actions}</div>}
      </div>
    </section>
  );
}
