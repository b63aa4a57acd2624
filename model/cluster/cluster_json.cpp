#include "cluster/cluster_json.h"

#include "core/nearest_word.h"
#include "hardware/chip_type_json.h"
#include "presets/preset_json.h"

namespace podplanner::model {

namespace {

std::array<int, 3> readCube(ObjectReader& in) {
    const Json& cube = in.array("cube", 3, 3);
    std::array<int, 3> dims{};
    for (std::size_t i = 0; i < 3; ++i)
        dims[i] = static_cast<int>(readInteger(cube[i], childPointer(in.at("cube"), i), 1, 64));
    return dims;
}

FloorSpec readFloor(ObjectReader& pod, PodKind kind) {
    FloorSpec floor;
    if (!pod.has("floor")) {
        pod.get("floor");
        return floor;
    }
    ObjectReader in(pod.object("floor"), pod.at("floor"));
    floor.racksPerRow = static_cast<int>(in.integer("racks_per_row", 1, 1000, floor.racksPerRow));
    floor.rowsPerPowerRow =
        static_cast<int>(in.integer("rows_per_power_row", 1, 1000, floor.rowsPerPowerRow));
    if (kind == PodKind::Tpu3d)
        floor.ocsPerRack = static_cast<int>(in.integer("ocs_per_rack", 1, 1000, floor.ocsPerRack));
    in.finish();
    return floor;
}

// Hosts are blocks of 2 x (chips/2) x 1 chips (a v4 tray is 2x2x1); they must tile the x-y face.
void checkHostBlock(ObjectReader& in, const PodSpec& pod, int width, int depth) {
    const auto [hx, hy] = pod.hostBlock();
    if (hx * hy != pod.chipsPerHost || width % hx != 0 || depth % hy != 0)
        throwInputError(in.at("chips_per_host"),
                        "1, or an even count whose 2 x n block tiles the x-y face",
                        std::to_string(pod.chipsPerHost));
}

void readTpu3d(ObjectReader& in, PodSpec& pod) {
    pod.cube = readCube(in);
    for (std::size_t i = 0; i < 3; ++i)
        if (pod.cube[i] % 2 != 0)
            throwInputError(childPointer(in.at("cube"), i), "an even number of chips per axis",
                            std::to_string(pod.cube[i]));
    pod.cubes = static_cast<int>(in.integer("cubes", 1, 100000));
    pod.chipsPerHost = static_cast<int>(in.integer("chips_per_host", 1, 16, 4));
    checkHostBlock(in, pod, pod.cube[0], pod.cube[1]);
    pod.maxSliceCubes = static_cast<int>(in.integer("max_slice_cubes", 1, pod.cubes, pod.cubes));
    pod.ocsPorts = static_cast<int>(in.integer("ocs_ports", 2, 100000));
    pod.ocsPortsUsed = static_cast<int>(in.integer("ocs_ports_used", 2, pod.ocsPorts));
    // Each cube brings two ports (its - and + face) to the OCS of every axis and face position;
    // the cubes of one slice must all reach the same OCS for the OCS to close their rings.
    if (pod.ocsPortsUsed < 2 * pod.maxSliceCubes)
        throwInputError(in.at("ocs_ports_used"),
                        "at least 2 ports per cube of the largest slice (" +
                            std::to_string(2 * pod.maxSliceCubes) + ")",
                        std::to_string(pod.ocsPortsUsed));
}

} // namespace

Json expandClusterSource(const Json& source, const std::string& pointer) {
    if (!source.is_object())
        throwInputError(pointer, "an object: {\"preset\": ID} or a whole cluster",
                        describeJson(source));
    Json expanded;
    if (source.contains("preset")) {
        ObjectReader in(source, pointer);
        const std::string id = in.string("preset");
        const Json* base = builtinClusterJson(id);
        if (!base) {
            const auto near = nearestWord(id, builtinClusterIds());
            throwInputError(in.at("preset"), "a built-in cluster (see `podplanner presets`)",
                            describeJson(source["preset"]),
                            near ? "did you mean \"" + *near + "\"?" : std::string{});
        }
        expanded = *base;
        if (const Json* overrides = in.get("overrides")) {
            if (!overrides->is_object())
                throwInputError(in.at("overrides"), "an object", describeJson(*overrides));
            // A string chip in the overrides swaps the chip; an object patches it.
            if (overrides->contains("chip") && (*overrides)["chip"].is_object() &&
                expanded["chip"].is_string()) {
                if (const Json* chip = builtinChipJson(expanded["chip"].get<std::string>()))
                    expanded["chip"] = *chip;
            }
            expanded.merge_patch(*overrides);
        }
        in.finish();
    } else {
        expanded = source;
    }
    if (expanded.contains("chip") && expanded["chip"].is_string()) {
        const std::string chipId = expanded["chip"].get<std::string>();
        const Json* chip = builtinChipJson(chipId);
        if (!chip) {
            const auto near = nearestWord(chipId, builtinChipIds());
            const bool fromOverrides = source.contains("overrides") &&
                                       source["overrides"].is_object() &&
                                       source["overrides"].contains("chip");
            throwInputError(childPointer(fromOverrides ? pointer + "/overrides" : pointer, "chip"),
                            "a built-in chip (see `podplanner presets`)",
                            describeJson(expanded["chip"]),
                            near ? "did you mean \"" + *near + "\"?" : std::string{});
        }
        expanded["chip"] = *chip;
    }
    return expanded;
}

namespace {

ClusterSpec readExpandedCluster(const Json& value, const LoadLimits& limits) {
    ObjectReader in(value, "");
    ClusterSpec c;
    c.id = in.string("id", "custom");
    c.name = in.string("name", c.id);
    c.chip = readChipType(in.object("chip"), in.at("chip"));

    ObjectReader podIn(in.object("pod"), in.at("pod"));
    PodSpec& pod = c.pod;
    const std::string kind = podIn.choice("kind", {"tpu-3d", "tpu-2d", "gpu-fat-tree"});
    if (kind == "tpu-3d") {
        pod.kind = PodKind::Tpu3d;
        readTpu3d(podIn, pod);
    } else if (kind == "tpu-2d") {
        pod.kind = PodKind::Tpu2d;
        const Json& shape = podIn.array("shape", 2, 2);
        for (std::size_t i = 0; i < 2; ++i)
            pod.shape2d[i] = static_cast<int>(
                readInteger(shape[i], childPointer(podIn.at("shape"), i), 1, 1024));
        pod.chipsPerHost = static_cast<int>(podIn.integer("chips_per_host", 1, 16, 8));
        pod.hostsPerRack = static_cast<int>(podIn.integer("hosts_per_rack", 1, 1024, 8));
        checkHostBlock(podIn, pod, pod.shape2d[0], pod.shape2d[1]);
    } else {
        pod.kind = PodKind::GpuFatTree;
        pod.nodes = static_cast<int>(podIn.integer("nodes", 1, 1'000'000));
        pod.gpusPerNode = static_cast<int>(podIn.integer("gpus_per_node", 1, 576));
        // A host (a server, or a compute tray of a rack-scale NVLink domain such as NVL72's 4
        // GPUs) fails alone and is what a launcher calls a node; by default it is the whole node.
        pod.chipsPerHost =
            static_cast<int>(podIn.integer("gpus_per_host", 1, pod.gpusPerNode, pod.gpusPerNode));
        if (pod.gpusPerNode % pod.chipsPerHost != 0)
            throwInputError(podIn.at("gpus_per_host"),
                            "a divisor of gpus_per_node (" + std::to_string(pod.gpusPerNode) + ")",
                            std::to_string(pod.chipsPerHost));
        pod.spareHostsPerNode =
            static_cast<int>(podIn.integer("spare_hosts_per_node", 0, pod.hostsPerNode() - 1, 0));
        pod.nodesPerRack = static_cast<int>(podIn.integer("nodes_per_rack", 1, 1024, 4));
        pod.leafRadix = static_cast<int>(podIn.integer("leaf_radix", 4, 4096));
        pod.oversubscription = podIn.number("oversubscription", 1, 64, 1);
        pod.railOptimized = podIn.boolean("rail_optimized", true);
        if (!c.chip.isGpu())
            throwInputError(in.at("chip"), "a GPU (with \"nvlink_gbyte_s\") for a gpu-fat-tree pod",
                            "the chip \"" + c.chip.id + "\"");
    }
    const int torusLinks = pod.kind == PodKind::Tpu3d ? 6 : 4;
    if (pod.kind != PodKind::GpuFatTree && !c.chip.isGpu() && c.chip.iciLinks != torusLinks)
        throwInputError(in.at("chip") + "/ici_links",
                        std::to_string(torusLinks) + " ICI links per chip for a " + kind + " pod",
                        std::to_string(c.chip.iciLinks));
    if (pod.kind != PodKind::GpuFatTree && c.chip.isGpu())
        throwInputError(in.at("chip"), "a TPU (with \"ici_links\") for a " + kind + " pod",
                        "the GPU \"" + c.chip.id + "\"");
    pod.spareSwapS = podIn.number("spare_swap_s", 0, 1e6, pod.kind == PodKind::Tpu3d ? 10 : 0);
    pod.floor = readFloor(podIn, pod.kind);
    podIn.finish();

    const Json& sites = in.array("sites", 1, 64);
    for (std::size_t i = 0; i < sites.size(); ++i) {
        ObjectReader siteIn(sites[i], childPointer(in.at("sites"), i));
        SiteSpec site;
        site.name = siteIn.string("name", "site-" + std::to_string(i + 1));
        site.pods = static_cast<int>(siteIn.integer("pods", 1, 10000, 1));
        siteIn.finish();
        c.sites.push_back(site);
    }
    if (c.chips() > limits.maxChips)
        throwInputError(
            in.at("sites"), "a cluster of at most " + std::to_string(limits.maxChips) + " chips",
            std::to_string(c.chips()) + " chips", "the limit can be raised with --max-chips");

    if (const Json* dcn = in.get("dcn")) {
        ObjectReader dcnIn(*dcn, in.at("dcn"));
        c.network.dcnLatencyUs = dcnIn.number("latency_us", 0, 1e6, c.network.dcnLatencyUs);
        c.network.dcnOversubscription =
            dcnIn.number("oversubscription", 1, 64, c.network.dcnOversubscription);
        c.network.dcnOverlap = dcnIn.number("overlap", 0, 1, c.network.dcnOverlap);
        dcnIn.finish();
    }
    if (const Json* ici = in.get("ici")) {
        ObjectReader iciIn(*ici, in.at("ici"));
        c.network.iciOverlap = iciIn.number("overlap", 0, 1, c.network.iciOverlap);
        iciIn.finish();
    }
    if (const Json* wan = in.get("wan")) {
        ObjectReader wanIn(*wan, in.at("wan"));
        c.network.wanGbitS = wanIn.number("gbit_s", 0.001, 1e9);
        c.network.wanLatencyMs = wanIn.number("latency_ms", 0, 1e4);
        wanIn.finish();
    } else if (c.sites.size() > 1) {
        throwInputError(in.pointer(), "a \"wan\" object for a cluster of several sites",
                        "no \"wan\"");
    }
    if (const Json* rates = in.get("failure_rates")) {
        ObjectReader ratesIn(*rates, in.at("failure_rates"));
        for (std::size_t k = 0; k < kFailureKinds; ++k) {
            // A rate per 1000 unit-days, or a mean time between failures per unit in hours.
            const std::string kindName = failureKindName(static_cast<FailureKind>(k));
            const std::string rate = kindName + "_per_1000_days";
            const std::string mtbf = kindName + "_mtbf_h";
            // An MTBF wins over a rate (a project can override a preset's rate with an MTBF).
            c.failures.per1000Days[k] = ratesIn.number(rate, 0, 1e6, 0);
            if (ratesIn.has(mtbf))
                c.failures.per1000Days[k] = 24000.0 / ratesIn.number(mtbf, 0.001, 1e12);
            else
                ratesIn.get(mtbf);
        }
        c.failures.earlyLifeShare = ratesIn.number("early_life_share", 0, 1, 0);
        c.failures.sdcPerChipHour = ratesIn.number("sdc_per_chip_hour", 0, 1, 0);
        ratesIn.finish();
    }
    if (const Json* repair = in.get("repair_hours")) {
        ObjectReader repairIn(*repair, in.at("repair_hours"));
        for (std::size_t k = 0; k < kFailureKinds; ++k)
            c.failures.repairHours[k] =
                repairIn.number(failureKindName(static_cast<FailureKind>(k)), 0, 1e6, 0);
        repairIn.finish();
    }
    if (const Json* sources = in.get("source")) {
        if (!sources->is_object())
            throwInputError(in.at("source"), "an object of strings", describeJson(*sources));
        for (const auto& [field, text] : sources->items())
            c.source[field] = readString(text, childPointer(in.at("source"), field));
    }
    in.finish();
    return c;
}

} // namespace

ClusterSpec readClusterSource(const Json& source, const std::string& pointer,
                              const LoadLimits& limits) {
    const Json expanded = expandClusterSource(source, pointer);
    try {
        return readExpandedCluster(expanded, limits);
    } catch (const InputError& e) {
        // Point at the project text the bad value came from.
        const std::string relative = e.info().location;
        const bool fromPreset = source.contains("preset");
        if (!fromPreset)
            throw e.withLocation(pointer + relative);
        const Json* overrides = source.contains("overrides") ? &source["overrides"] : nullptr;
        try {
            if (overrides && overrides->contains(Json::json_pointer(relative)))
                throw e.withLocation(pointer + "/overrides" + relative);
        } catch (const Json::exception&) {
            // The pointer does not parse as a JSON pointer into the overrides; fall through.
        }
        throw e.withLocation(pointer + "/overrides" + relative,
                             "the value comes from preset \"" +
                                 source["preset"].get<std::string>() +
                                 "\"; override it under /cluster/overrides");
    }
}

Json patchClusterChip(const Json& source, const Json& chipPatch) {
    Json out = source;
    const bool preset = out.is_object() && out.contains("preset");
    Json& chip = preset ? out["overrides"]["chip"] : out["chip"];
    if (chip.is_string()) {
        // A swapped (overrides) or named (whole cluster) chip: patch the built-in it names.
        if (const Json* builtin = builtinChipJson(chip.get<std::string>()))
            chip = *builtin;
    }
    if (!chip.is_object())
        chip = Json::object(); // a preset's own chip: overrides.chip patches it when loaded
    chip.merge_patch(chipPatch);
    return out;
}

} // namespace podplanner::model
