mod helpers;
