package com.storageplatform.kitfixtures.boundaries.leaky.beta;

import com.storageplatform.kitfixtures.boundaries.leaky.alpha.AlphaRepository;

/** Uses alpha's repository instead of its public class. */
public class BetaService {

    private final AlphaRepository alphas = new AlphaRepository();

    String create() {
        return alphas.insert();
    }
}
