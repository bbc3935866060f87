mod helpers;
mod rulings;
