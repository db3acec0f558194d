/**
 * What the account forms say to a person, word for word (docs/product-rules.md, "Accounts"). Apart
 * from the schemas (forms.ts), so a page that shows one does not load zod.
 */
export const MESSAGES = {
  loginMissing: "Please enter both email and password",
  registerMissing: "Please fill in all fields",
  vendorMissing: "Please fill in all required fields",
  passwordsDiffer: "Passwords do not match",
  passwordShort: "Password must be at least 6 characters",
  passwordLong: "Password must be at most 128 characters",
  terms: "Please accept the Terms & Conditions and Privacy Policy",
  emailInvalid: "Please enter a valid email address",
  emailTaken: "An account with this email already exists. Please sign in instead.",
  loginFailed: "An unexpected error occurred. Please try again.",
  registerFailed: "Failed to create an account. Please try again.",
  invalidCredentials: "Invalid email or password.",
  vendorRegisterFailed: "Failed to create a vendor account.",
  notVendor: "User is not a registered vendor or data is missing.",
  notAdmin: "User is not an administrator.",
  adminLoginFailed: "Failed to log in. Please check your credentials.",
  accountDisabled: "This account has been disabled. Please contact support.",
  profileSaved: "Profile updated successfully!",
  profileFailed: "Failed to update profile. Please try again.",
  profileSignedOut: "You must be logged in to update your profile.",
  profileMissing: "Name and email are required",
  businessSaved: "Business details saved. They fill in at checkout.",
  businessRemoved: "Business details removed.",
} as const;
