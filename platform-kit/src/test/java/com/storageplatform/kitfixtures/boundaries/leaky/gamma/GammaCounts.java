package com.storageplatform.kitfixtures.boundaries.leaky.gamma;

/** Reads alpha's table in a subquery of its own. */
class GammaCounts {

    private static final String COUNT = """
            SELECT g.id, (SELECT count(*) FROM alphas a WHERE a.gamma_id = g.id) AS alphas
            FROM gammas g""";

    String insert() {
        return "INSERT INTO gammas (id) VALUES (:id)";
    }

    String count() {
        return COUNT;
    }
}
