package com.example.keycount;

/**
 * How many words with this key an actor has seen so far. A record of its own type, so that a
 * persistent channel stores it with Sluice's Smile codec and a reader needs this class on its
 * class path.
 *
 * @param key the key: a word's first letters
 * @param count how many words with this key, this one included
 */
public record KeyCount(String key, long count) {}
