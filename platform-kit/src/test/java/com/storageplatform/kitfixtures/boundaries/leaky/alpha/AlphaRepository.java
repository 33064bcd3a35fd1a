package com.storageplatform.kitfixtures.boundaries.leaky.alpha;

import org.springframework.stereotype.Repository;

@Repository
public class AlphaRepository {

    public String insert() {
        return "INSERT INTO alphas (id, name) VALUES (:id, :name)";
    }
}
