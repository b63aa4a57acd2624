#include "project/reliability_json.h"

namespace podplanner::model {

namespace {

CheckpointSpec readCheckpoint(const Json& value, const std::string& at) {
    ObjectReader c(value, at);
    CheckpointSpec out;
    out.persistentWriteS = c.number("persistent_write_s", 0, 1e7, 0);
    out.storageGbyteS = c.number("storage_gbyte_s", 0, 1e9, 0);
    out.inMemory = c.boolean("in_memory", false);
    out.inMemoryWriteS = c.number("in_memory_write_s", 0, 1e6, out.inMemoryWriteS);
    if (const Json* interval = c.get("interval_min"))
        if (!(interval->is_string() && interval->get<std::string>() == "auto"))
            out.intervalMin = readNumber(*interval, c.at("interval_min"), 0.01, 1e7);
    c.finish();
    return out;
}

MaintenanceWindow readWindow(const Json& value, const std::string& at) {
    ObjectReader w(value, at);
    MaintenanceWindow out;
    out.powerRow = static_cast<int>(w.integer("power_row", 0, 100000));
    out.everyDays = w.number("every_days", 0.01, 1e5, out.everyDays);
    out.durationH = w.number("duration_h", 0, 1e5, out.durationH);
    out.mode = w.choice("mode", {"drain", "spares"}, "drain");
    w.finish();
    return out;
}

} // namespace

ReliabilitySpec readReliabilitySpec(const Json& value, const std::string& pointer) {
    ObjectReader in(value, pointer);
    ReliabilitySpec r;
    if (const Json* checkpoint = in.get("checkpoint"))
        r.checkpoint = readCheckpoint(*checkpoint, in.at("checkpoint"));
    r.restartS = in.number("restart_s", 0, 1e7, r.restartS);
    r.hotSpareCubes = static_cast<int>(in.integer("hot_spare_cubes", 0, 100000, 0));
    if (const Json* spares = in.get("spare_cubes")) {
        if (!spares->is_array() || spares->size() > 100000)
            throwInputError(in.at("spare_cubes"), "an array of cube indices",
                            describeJson(*spares));
        for (std::size_t i = 0; i < spares->size(); ++i)
            r.spareCubes.push_back(static_cast<int>(
                readInteger((*spares)[i], childPointer(in.at("spare_cubes"), i), 0, 99999)));
        if (in.get("hot_spare_cubes") && r.hotSpareCubes != static_cast<int>(r.spareCubes.size()))
            throwInputError(in.at("hot_spare_cubes"),
                            "the number of spare_cubes (" + std::to_string(r.spareCubes.size()) +
                                ") or no hot_spare_cubes",
                            std::to_string(r.hotSpareCubes));
        r.hotSpareCubes = static_cast<int>(r.spareCubes.size());
    }
    r.elastic = in.boolean("elastic", false);
    if (const Json* preflight = in.get("preflight")) {
        ObjectReader p(*preflight, in.at("preflight"));
        r.preflight.coverage = p.number("coverage", 0, 1, 0);
        r.preflight.durationH = p.number("duration_h", 0, 1e5, 0);
        p.finish();
    }
    if (const Json* sdc = in.get("sdc")) {
        ObjectReader s(*sdc, in.at("sdc"));
        if (const Json* rate = s.get("rate_per_chip_hour"))
            if (!(rate->is_string() && rate->get<std::string>() == "cluster"))
                r.sdc.ratePerChipHour = readNumber(*rate, s.at("rate_per_chip_hour"), 0, 1);
        r.sdc.detection = s.choice("detection", {"none", "checksums", "replay"}, r.sdc.detection);
        r.sdc.overhead = s.number("overhead", 0, 0.99, r.sdc.overhead);
        r.sdc.detectionLatencyH = s.number("detection_latency_h", 0, 1e5, r.sdc.detectionLatencyH);
        s.finish();
    }
    if (const Json* windows = in.get("maintenance")) {
        if (!windows->is_array() || windows->size() > 1000)
            throwInputError(in.at("maintenance"), "an array of at most 1000 windows",
                            describeJson(*windows));
        for (std::size_t i = 0; i < windows->size(); ++i)
            r.maintenance.push_back(
                readWindow((*windows)[i], childPointer(in.at("maintenance"), i)));
    }
    if (const Json* stragglers = in.get("stragglers")) {
        ObjectReader s(*stragglers, in.at("stragglers"));
        r.stragglers.probabilityPerChipStep = s.number("probability_per_chip_step", 0, 1, 0);
        r.stragglers.slowdown = s.number("slowdown", 1, 1000, 1);
        s.finish();
    }
    in.finish();
    return r;
}

Json writeReliabilitySpec(const ReliabilitySpec& r) {
    Json out;
    Json checkpoint;
    checkpoint["persistent_write_s"] = wholeNumberJson(r.checkpoint.persistentWriteS);
    checkpoint["storage_gbyte_s"] = wholeNumberJson(r.checkpoint.storageGbyteS);
    checkpoint["in_memory"] = r.checkpoint.inMemory;
    checkpoint["in_memory_write_s"] = wholeNumberJson(r.checkpoint.inMemoryWriteS);
    checkpoint["interval_min"] =
        r.checkpoint.intervalMin ? wholeNumberJson(*r.checkpoint.intervalMin) : Json("auto");
    out["checkpoint"] = checkpoint;
    out["restart_s"] = wholeNumberJson(r.restartS);
    out["hot_spare_cubes"] = r.hotSpareCubes;
    if (!r.spareCubes.empty())
        out["spare_cubes"] = r.spareCubes;
    out["elastic"] = r.elastic;
    out["preflight"] = {{"coverage", wholeNumberJson(r.preflight.coverage)},
                        {"duration_h", wholeNumberJson(r.preflight.durationH)}};
    out["sdc"] = {{"rate_per_chip_hour",
                   r.sdc.ratePerChipHour < 0 ? Json("cluster") : Json(r.sdc.ratePerChipHour)},
                  {"detection", r.sdc.detection},
                  {"overhead", wholeNumberJson(r.sdc.overhead)},
                  {"detection_latency_h", wholeNumberJson(r.sdc.detectionLatencyH)}};
    Json windows = Json::array();
    for (const auto& w : r.maintenance)
        windows.push_back({{"power_row", w.powerRow},
                           {"every_days", wholeNumberJson(w.everyDays)},
                           {"duration_h", wholeNumberJson(w.durationH)},
                           {"mode", w.mode}});
    out["maintenance"] = windows;
    out["stragglers"] = {{"probability_per_chip_step", r.stragglers.probabilityPerChipStep},
                         {"slowdown", wholeNumberJson(r.stragglers.slowdown)}};
    return out;
}

} // namespace podplanner::model
