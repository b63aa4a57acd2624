#include "interop/tpu_types.h"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <stdexcept>

namespace podplanner::model::interop {

namespace {

struct Table {
    TpuGeneration gen;
    int maxCubes;                   // generate_tpu_topologies(max_cubes=...)
    bool nondecreasing;             // its enforce_nondecreasing
    std::vector<std::string> fixed; // single-host and 2D topologies listed by hand
    std::set<std::string> defaults; // default_topologies
};

// Transcribed from xpk's system_characteristics.py (commit 367c838).
const std::vector<Table>& tables() {
    static const std::vector<Table> t = {
        {{"tpu-v4", "v4", 2, true},
         64,
         false,
         {},
         {"2x2x1", "2x2x2", "2x2x4", "2x4x4", "4x4x4", "4x4x8", "4x8x8", "8x8x8", "8x8x12",
          "8x8x16", "8x16x16"}},
        {{"tpu-v5p", "v5p", 2, true},
         140,
         true,
         {},
         {"2x2x1",    "2x2x2",    "2x2x4",    "2x4x4",    "4x4x4",    "4x4x8",    "4x4x12",
          "4x8x8",    "4x4x20",   "4x8x12",   "4x4x28",   "8x8x8",    "4x12x12",  "4x8x20",
          "4x4x44",   "8x8x12",   "4x4x52",   "4x8x28",   "4x12x20",  "8x8x16",   "4x4x68",
          "8x12x12",  "4x4x76",   "8x8x20",   "4x12x28",  "4x8x44",   "4x4x92",   "8x12x16",
          "4x20x20",  "4x8x52",   "12x12x12", "8x8x28",   "4x4x116",  "8x12x20",  "4x4x124",
          "8x16x16",  "4x12x44",  "4x8x68",   "4x20x28",  "12x12x16", "4x4x148",  "4x8x76",
          "4x12x52",  "8x16x20",  "4x4x164",  "8x12x28",  "4x4x172",  "8x8x44",   "12x12x20",
          "4x8x92",   "4x4x188",  "12x16x16", "4x28x28",  "8x20x20",  "4x12x68",  "8x8x52",
          "4x4x212",  "12x12x24", "4x20x44",  "8x16x28",  "4x12x76",  "4x8x116",  "4x4x236",
          "12x16x20", "4x4x244",  "4x8x124",  "12x12x28", "16x16x16", "4x20x52",  "8x12x44",
          "8x8x68",   "4x12x92",  "8x20x28",  "12x16x24", "4x8x148",  "12x20x20", "8x8x76",
          "4x28x44",  "8x12x52",  "16x16x20", "12x12x36", "4x8x164",  "12x16x28", "4x20x68",
          "4x8x172",  "4x12x116", "8x16x44",  "12x20x24", "4x28x52",  "8x8x92",   "4x12x124",
          "4x8x188",  "4x20x76",  "16x16x24", "12x24x24", "16x20x28"}},
        {{"tpu-ironwood", "tpu7x", 2, true},
         144,
         true,
         {"1x1x1"},
         {"12x12x12", "12x12x16", "12x12x20", "12x12x24", "12x12x28", "12x12x36", "12x16x16",
          "12x16x20", "12x16x24", "12x16x28", "12x20x20", "12x20x24", "12x24x24", "16x16x16",
          "16x16x20", "16x16x24", "16x16x32", "16x20x28", "16x24x24", "2x2x1",    "2x2x2",
          "2x2x4",    "2x4x4",    "4x12x116", "4x12x12",  "4x12x124", "4x12x20",  "4x12x28",
          "4x12x44",  "4x12x52",  "4x12x68",  "4x12x76",  "4x12x92",  "4x20x20",  "4x20x28",
          "4x20x44",  "4x20x52",  "4x20x68",  "4x20x76",  "4x28x28",  "4x28x44",  "4x28x52",
          "4x4x116",  "4x4x12",   "4x4x124",  "4x4x148",  "4x4x164",  "4x4x172",  "4x4x188",
          "4x4x20",   "4x4x212",  "4x4x236",  "4x4x244",  "4x4x28",   "4x4x4",    "4x4x44",
          "4x4x52",   "4x4x68",   "4x4x76",   "4x4x8",    "4x4x92",   "4x8x116",  "4x8x12",
          "4x8x124",  "4x8x148",  "4x8x164",  "4x8x172",  "4x8x188",  "4x8x20",   "4x8x28",
          "4x8x44",   "4x8x52",   "4x8x68",   "4x8x76",   "4x8x8",    "4x8x92",   "8x12x12",
          "8x12x16",  "8x12x20",  "8x12x28",  "8x12x44",  "8x12x52",  "8x16x16",  "8x16x20",
          "8x16x28",  "8x16x44",  "8x20x20",  "8x20x28",  "8x8x12",   "8x8x16",   "8x8x20",
          "8x8x28",   "8x8x44",   "8x8x52",   "8x8x68",   "8x8x76",   "8x8x8",    "8x8x92"}},
        {{"tpu-v5e", "v5litepod", 1, false},
         0,
         false,
         {"2x4", "4x4", "4x8", "8x8", "8x16", "16x16"},
         {}},
        {{"tpu-v6e", "v6e", 1, false},
         0,
         false,
         {"1x1", "2x2", "2x4", "4x4", "4x8", "8x8", "8x16", "16x16"},
         {}},
    };
    return t;
}

const Table& tableOf(const TpuGeneration& gen) {
    for (const auto& t : tables())
        if (t.gen.prefix == gen.prefix)
            return t;
    throw std::logic_error("unknown TPU generation");
}

std::vector<long> axes(const std::string& topology) {
    std::vector<long> out;
    if (!topology.empty() && topology.back() == 'x') // getline drops the empty last part
        return {};
    std::stringstream in(topology);
    std::string part;
    while (std::getline(in, part, 'x')) {
        if (part.empty() || part.size() > 6 ||
            part.find_first_not_of("0123456789") != std::string::npos)
            return {};
        out.push_back(std::stol(part));
    }
    return out;
}

} // namespace

long topologyChips(const std::string& topology) {
    const auto a = axes(topology);
    if (a.size() < 2 || a.size() > 3)
        return 0;
    long n = 1;
    for (long v : a)
        n *= v;
    return n;
}

const TpuGeneration* tpuGenerationForChip(const std::string& chipId) {
    for (const auto& t : tables())
        if (t.gen.chipId == chipId)
            return &t.gen;
    return nullptr;
}

std::vector<std::string> xpkTopologies(const TpuGeneration& gen) {
    const Table& t = tableOf(gen);
    std::vector<std::string> out = t.fixed;
    if (!gen.threeD)
        return out;
    for (const char* small : {"2x2x1", "2x2x2", "2x2x4", "2x4x4"})
        out.emplace_back(small);
    for (int x = 4; x <= 256; x += 4)
        for (int y = t.nondecreasing ? x : 4; y <= 256; y += 4)
            for (int z = t.nondecreasing ? y : 4; z <= 256; z += 4)
                if ((x / 4) * (y / 4) * (z / 4) <= t.maxCubes)
                    out.push_back(std::to_string(x) + "x" + std::to_string(y) + "x" +
                                  std::to_string(z));
    return out;
}

std::optional<std::string> xpkDefaultTopology(const TpuGeneration& gen, long cores) {
    // As xpk builds its map: a default topology claims the name, otherwise the first one does.
    const Table& t = tableOf(gen);
    std::optional<std::string> found;
    for (const auto& topology : xpkTopologies(gen))
        if (topologyChips(topology) * gen.coresPerChip == cores &&
            (!found || t.defaults.count(topology)))
            found = topology;
    return found;
}

XpkTpuType xpkTpuType(const TpuGeneration& gen, const std::string& topology) {
    const long cores = topologyChips(topology) * gen.coresPerChip;
    if (xpkDefaultTopology(gen, cores) == topology)
        return {gen.prefix + "-" + std::to_string(cores), {}};
    const auto known = xpkTopologies(gen);
    if (std::find(known.begin(), known.end(), topology) != known.end())
        return {gen.prefix + "-" + topology, gen.prefix + "-" + std::to_string(cores) +
                                                 " would be xpk's default " +
                                                 xpkDefaultTopology(gen, cores).value_or("?") +
                                                 ", so the topology form names this slice"};
    auto a = axes(topology);
    std::sort(a.begin(), a.end());
    std::string sorted;
    // append(), not "x" + std::to_string(): GCC 12 at -O3 warns falsely (-Wrestrict) on that.
    for (long v : a)
        sorted.append(sorted.empty() ? "" : "x").append(std::to_string(v));
    if (std::find(known.begin(), known.end(), sorted) != known.end())
        return {gen.prefix + "-" + sorted,
                "xpk lists " + gen.prefix + " topologies with nondecreasing axes; " + sorted +
                    " is the same torus as " + topology + " with its axes reordered"};
    return {gen.prefix + "-" + topology, "xpk does not list the topology " + topology + " for " +
                                             gen.prefix + "; check it before launch"};
}

ParsedTpuType parseTpuType(const std::string& name) {
    const std::size_t dash = name.rfind('-');
    if (dash == std::string::npos)
        throw std::invalid_argument("expected PREFIX-COUNT or PREFIX-TOPOLOGY, e.g. v5p-256");
    std::string prefix = name.substr(0, dash);
    const std::string tail = name.substr(dash + 1);
    if (prefix == "v5e")
        prefix = "v5litepod"; // MaxText's compile_topology spelling
    if (prefix == "v6e-slice" || prefix == "tpu-v6e")
        prefix = "v6e";
    const Table* table = nullptr;
    for (const auto& t : tables())
        if (t.gen.prefix == prefix)
            table = &t;
    if (!table)
        throw std::invalid_argument("a TPU generation v4, v5p, v5litepod (v5e), v6e or tpu7x");
    ParsedTpuType out;
    out.generation = &table->gen;
    if (tail.find('x') != std::string::npos) {
        const auto known = xpkTopologies(table->gen);
        if (std::find(known.begin(), known.end(), tail) == known.end())
            throw std::invalid_argument("a topology xpk lists for " + prefix);
        out.topology = tail;
    } else {
        const auto digits = tail.find_first_not_of("0123456789");
        if (tail.empty() || digits != std::string::npos || tail.size() > 7)
            throw std::invalid_argument("a TensorCore count or a topology after '" + prefix + "-'");
        const long cores = std::stol(tail);
        const auto topology = xpkDefaultTopology(table->gen, cores);
        if (!topology)
            throw std::invalid_argument("a TensorCore count that xpk names for " + prefix + " (" +
                                        std::to_string(table->gen.coresPerChip) + " per chip)");
        out.topology = *topology;
    }
    out.chips = topologyChips(out.topology);
    return out;
}

} // namespace podplanner::model::interop
