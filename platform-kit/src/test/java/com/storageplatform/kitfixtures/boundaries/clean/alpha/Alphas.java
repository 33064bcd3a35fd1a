package com.storageplatform.kitfixtures.boundaries.clean.alpha;

/** Alpha's public class: what other features may know of alphas, and the SQL fragment they may join with. */
public class Alphas {

    private final AlphaRepository alphas = new AlphaRepository();

    public String find() {
        return alphas.find(false);
    }

    /** Whether the alpha {@code column} names exists, built here so the table's name stays in this feature. */
    public static String exists(String column) {
        return "EXISTS (SELECT 1 FROM alphas a WHERE a.id = " + column + ")";
    }
}
