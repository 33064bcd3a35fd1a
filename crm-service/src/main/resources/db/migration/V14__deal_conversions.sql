-- The conversion report's tables (docs/api/reports.md, "Conversion"), written in the same transaction as the deal
-- change that quotes a deal or moves it to a reserved stage (deal.DealConversions).

-- Each deal counted once per kind: the day it was first quoted, the day it first reached a reserved stage, and
-- what it was asked about then. A deal quoted again, or reserved again after its reservation ended, is not counted
-- again (the insert finds its row).
CREATE TABLE deal_conversions (
    account_id    uuid        NOT NULL,
    deal_id       uuid        NOT NULL,
    kind          text        NOT NULL CHECK (kind IN ('quoted', 'reserved')),
    -- in the operator's time zone
    day           date        NOT NULL,
    site_id       uuid        NOT NULL,
    channel       text,
    unit_type_id  uuid,
    counted_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, deal_id, kind)
);

-- The deals counted each day, by site, channel and unit type (a null channel or unit type is a group of its own):
-- what the report sums over its days.
CREATE TABLE conversion_days (
    account_id    uuid    NOT NULL,
    day           date    NOT NULL,
    site_id       uuid    NOT NULL,
    channel       text,
    unit_type_id  uuid,
    quoted        integer NOT NULL CHECK (quoted >= 0),
    reserved      integer NOT NULL CHECK (reserved >= 0),
    CONSTRAINT conversion_days_group UNIQUE NULLS NOT DISTINCT (account_id, day, site_id, channel, unit_type_id)
);

-- The same counts by month, for the groupings the report reads over long periods: conversion_days has a row per
-- day, site, channel and unit type, few deals each, so a year's report would sum hundreds of thousands of rows;
-- these have one per month and site and channel (or unit type). The report reads whole months of the period from
-- them and the days at either end from conversion_days.
CREATE TABLE conversion_months_by_channel (
    account_id  uuid    NOT NULL,
    -- the month's first day
    month       date    NOT NULL,
    site_id     uuid    NOT NULL,
    channel     text,
    quoted      integer NOT NULL CHECK (quoted >= 0),
    reserved    integer NOT NULL CHECK (reserved >= 0),
    CONSTRAINT conversion_months_by_channel_group UNIQUE NULLS NOT DISTINCT (account_id, month, site_id, channel)
);

CREATE TABLE conversion_months_by_unit_type (
    account_id    uuid    NOT NULL,
    month         date    NOT NULL,
    site_id       uuid    NOT NULL,
    unit_type_id  uuid,
    quoted        integer NOT NULL CHECK (quoted >= 0),
    reserved      integer NOT NULL CHECK (reserved >= 0),
    CONSTRAINT conversion_months_by_unit_type_group
        UNIQUE NULLS NOT DISTINCT (account_id, month, site_id, unit_type_id)
);
