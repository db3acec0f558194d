/** How long a password reset link stays valid (it also works only once). */
export const RESET_LINK_MINUTES = 60;
