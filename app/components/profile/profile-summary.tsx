import type { Address } from "../../../workers/services/accounts/addresses";
import { Avatar } from "../avatar";
import { ShopLink } from "../shop-link";

export interface ProfileView {
  name: string;
  email: string;
  mobile: string;
  isVerified: boolean;
  /** Already formatted for India, e.g. "22 Nov 2026". */
  memberSince: string;
  /** An absolute URL, or null for the initials. */
  avatar: string | null;
  addresses: Address[];
}

/** The profile's read view (docs/product/accounts.md). "Edit Profile" is a link, so it works without JavaScript. */
export function ProfileSummary({ profile }: { profile: ProfileView }) {
  return (
    <>
      <div className="profile-card">
        <Avatar name={profile.name} src={profile.avatar} size={96} className="profile-avatar" />
        <div className="profile-card__body">
          <h2 className="profile-card__name">{profile.name}</h2>
          <p className={profile.isVerified ? "badge badge--verified" : "badge badge--unverified"}>
            {profile.isVerified ? "Verified" : "Not Verified"}
          </p>
          <dl className="profile-card__facts">
            <div>
              <dt>Email</dt>
              <dd>{profile.email}</dd>
            </div>
            <div>
              <dt>Mobile</dt>
              <dd>{profile.mobile || "Not added"}</dd>
            </div>
          </dl>
          <p className="profile-card__since">Member since {profile.memberSince}</p>
        </div>
        <ShopLink to="/profile?edit=1" className="button button--primary profile-card__edit">
          Edit Profile
        </ShopLink>
      </div>

      <section className="profile-addresses" aria-labelledby="saved-addresses">
        <h2 id="saved-addresses">Saved addresses</h2>
        {profile.addresses.length === 0 ? (
          <p className="profile__empty">No addresses added.</p>
        ) : (
          <ul className="address-cards">
            {profile.addresses.map((address) => (
              <li key={address.id}>
                <AddressCard address={address} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function AddressCard({ address }: { address: Address }) {
  return (
    <article className="address-card">
      <h3>{address.fullName}</h3>
      <address>
        {address.streetAddress}
        {address.apartment && (
          <>
            <br />
            {address.apartment}
          </>
        )}
        <br />
        {address.townCity}, {address.state} {address.zipcode}
        <br />
        Phone: {address.phoneNumber}
        <br />
        {address.emailAddress}
      </address>
    </article>
  );
}
