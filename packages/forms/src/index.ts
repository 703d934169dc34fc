// Official forms as data (I-140, I-907, G-1145, G-1450, G-1650): definitions, validation, PDF field mapping.
export {};
