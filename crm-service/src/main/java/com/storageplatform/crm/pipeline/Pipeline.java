package com.storageplatform.crm.pipeline;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code pipeline} resource: the ordered stages a deal moves through, from enquiry to won or lost. Each account
 * has one default pipeline, made the first time it is needed, with the stages Enquiry and Quoted ({@code open}),
 * Reserved ({@code reserved}), Won ({@code won}) and Lost ({@code lost}).
 *
 * @param name      the pipeline's name
 * @param isDefault true for the account's default pipeline, the one a new deal goes to when it names none
 * @param stages    its stages in order (by {@code position}); a new deal starts at the first
 */
public record Pipeline(UUID id, String object, String name, boolean isDefault, List<Stage> stages,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "pipeline";

    public static final String OPEN = "open";
    public static final String RESERVED = "reserved";
    public static final String WON = "won";
    public static final String LOST = "lost";
    public static final List<String> KINDS = List.of(OPEN, RESERVED, WON, LOST);

    /**
     * A stage of a pipeline.
     *
     * @param kind     {@code open} and {@code reserved} hold open deals ({@code reserved}: a unit is held for the
     *                 customer); {@code won} and {@code lost} hold closed ones
     * @param position its place in the pipeline, from 1
     */
    public record Stage(UUID id, String name, @OneOf("KINDS") String kind, int position) {

        public static final List<String> KINDS = Pipeline.KINDS;

        /** Whether an open deal may stand in it: {@code open} and {@code reserved} stages. */
        public boolean holdsOpenDeals() {
            return OPEN.equals(kind) || RESERVED.equals(kind);
        }
    }

    Pipeline withStages(List<Stage> ordered) {
        return new Pipeline(id, object, name, isDefault, ordered, createdAt, updatedAt);
    }

    public Optional<Stage> stage(UUID stageId) {
        return stages.stream().filter(s -> s.id().equals(stageId)).findFirst();
    }

    /** The first stage of a kind ({@code won}, {@code lost}), or the first open one for {@code open}. */
    public Optional<Stage> firstOf(String kind) {
        return stages.stream()
                .filter(s -> OPEN.equals(kind) ? s.holdsOpenDeals() : kind.equals(s.kind()))
                .findFirst();
    }
}
