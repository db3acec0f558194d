/** The shop's identity, kept in one place: every page, email and meta tag reads it from here. */
export const BRAND = {
  name: "RC Computers",
  tagline: "Computers, components and accessories, delivered across India",
  servingSince: 2015,
  address: {
    line1: "B-42, Sector 63",
    city: "Noida",
    state: "Uttar Pradesh",
    postalCode: "201301",
    country: "India",
  },
  phone: "+91 120 456 7890",
  phoneHref: "tel:+911204567890",
  supportEmail: "support@rccomputers.in",
  social: {
    facebook: "https://www.facebook.com/rccomputers",
    instagram: "https://www.instagram.com/rccomputers",
    twitter: "https://x.com/rccomputers",
    youtube: "https://www.youtube.com/@rccomputers",
  },
  /** Date the policy pages (terms, privacy, refund, shipping) were last revised. */
  policyDate: "June 15, 2025",
} as const;
