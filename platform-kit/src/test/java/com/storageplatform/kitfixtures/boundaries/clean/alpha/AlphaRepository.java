package com.storageplatform.kitfixtures.boundaries.clean.alpha;

import org.springframework.stereotype.Repository;

@Repository
class AlphaRepository {

    private static final String COLUMNS = "id, name";

    String insert() {
        return "INSERT INTO alphas (account_id, " + COLUMNS + ") VALUES (:account_id, :id, :name)";
    }

    String find(boolean lock) {
        return "SELECT " + COLUMNS + " FROM alphas WHERE account_id = :account_id AND id = :id"
                + (lock ? " FOR UPDATE" : "");
    }
}
