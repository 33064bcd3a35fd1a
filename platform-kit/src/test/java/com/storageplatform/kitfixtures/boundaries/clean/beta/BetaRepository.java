package com.storageplatform.kitfixtures.boundaries.clean.beta;

import com.storageplatform.kitfixtures.boundaries.clean.alpha.Alphas;
import org.springframework.stereotype.Repository;

@Repository
class BetaRepository {

    private final Alphas alphas = new Alphas();

    String insert() {
        // "from the alpha" in prose is not SQL.
        return "INSERT INTO betas (id, alpha_id) VALUES (:id, :alpha_id) -- copied from the alphas";
    }

    String withAlpha() {
        return "SELECT * FROM betas WHERE " + Alphas.exists("betas.alpha_id") + alphas.find();
    }
}
