/** The contact form's subjects. */
export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Product Support",
  "Order Status",
  "Returns & Refunds",
  "Technical Support",
  "Feedback",
] as const;

/** The success message stays for 5 seconds, then the form is ready for another message. */
export const CONTACT_SUCCESS_MS = 5000;
export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll get back to you soon.";
