// Submits the provider's logout form at once: the app already asked the user.
document.getElementById('op.logoutForm')?.submit();
