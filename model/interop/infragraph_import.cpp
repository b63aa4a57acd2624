// InfraGraph -> a PodPlanner cluster (a preset of the matching chip with the document's pod,
// fabric and bandwidths as overrides, so failure rates and floor layout stay the preset's).
#include "interop/infragraph.h"
#include "interop/infragraph_graph.h"
#include "interop/yaml_json.h"

#include "core/text_input.h"
#include "project/project_io.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace podplanner::model::interop {

namespace {

struct ChipChoice {
    std::string chip, preset;
};

// The preset cluster a built-in chip comes in.
std::optional<ChipChoice> chipById(const std::string& id) {
    for (const auto& [chip, preset] :
         std::vector<std::pair<std::string, std::string>>{{"tpu-ironwood", "tpu-ironwood-pod"},
                                                          {"tpu-v5p", "tpu-v5p-pod"},
                                                          {"tpu-v5e", "tpu-v5e-pod"},
                                                          {"tpu-v6e", "tpu-v5e-pod"},
                                                          {"tpu-v4", "tpu-v4-pod"},
                                                          {"b200", "h100-cluster"},
                                                          {"gb200", "h100-cluster"},
                                                          {"gb300", "h100-cluster"},
                                                          {"h100-sxm", "h100-cluster"},
                                                          {"h200-sxm", "h100-cluster"},
                                                          {"a100-sxm-80gb", "a100-cluster"}})
        if (chip == id)
            return ChipChoice{chip, preset};
    return std::nullopt;
}

// The built-in chip an xpu's name or description names (the first word found, in this order),
// and the preset cluster it comes in.
std::optional<ChipChoice> chipFor(const std::string& text) {
    const std::string t = asciiLower(text);
    const std::vector<std::pair<std::string, std::string>> table = {
        {"ironwood", "tpu-ironwood"},
        {"v5p", "tpu-v5p"},
        {"v5e", "tpu-v5e"},
        {"tpu v4", "tpu-v4"},
        {"tpu-v4", "tpu-v4"},
        // Grace Blackwell before Blackwell: "GB200" holds "b200" (InfraGraph's dgx_gb200
        // profile names its xpus "NVIDIA Grace Blackwell Superchip").
        {"gb300", "gb300"},
        {"blackwell ultra", "gb300"},
        {"gb200", "gb200"},
        {"grace blackwell", "gb200"},
        {"b200", "b200"},
        {"blackwell", "b200"},
        {"h100", "h100-sxm"},
        {"h200", "h200-sxm"},
        {"a100", "a100-sxm-80gb"},
    };
    for (const auto& [word, chip] : table)
        if (t.find(word) != std::string::npos)
            return chipById(chip);
    return std::nullopt;
}

bool isPcie(const IgLink& l) {
    return asciiLower(l.name + " " + l.description).find("pci") != std::string::npos;
}

int find(std::vector<int>& parent, int x) {
    while (parent[static_cast<std::size_t>(x)] != x)
        x = parent[static_cast<std::size_t>(x)] =
            parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
}

// The dimensions of the torus the xpus of `d` form (index x + y*X + z*X*Y, wraparound on axes of
// 3 or more), or nothing.
std::optional<std::array<int, 3>> torusOf(const IgDevice& d, int xpu, double& gbitS) {
    const int n = d.components[static_cast<std::size_t>(xpu)].count;
    std::set<std::pair<int, int>> edges;
    for (const auto& e : d.edges)
        if (e.a.component == xpu && e.b.component == xpu) {
            edges.insert({std::min(e.a.index, e.b.index), std::max(e.a.index, e.b.index)});
            gbitS = std::max(gbitS, d.links[static_cast<std::size_t>(e.link)].gbitS);
        }
    if (edges.empty() || n < 4)
        return std::nullopt;
    for (int z = n; z >= 1; --z)
        for (int y = 1; y * z <= n; ++y) {
            if (n % (y * z) != 0)
                continue;
            const int x = n / (y * z);
            const std::array<int, 3> dims{x, y, z};
            std::set<std::pair<int, int>> expected;
            for (int k = 0; k < z; ++k)
                for (int j = 0; j < y; ++j)
                    for (int i = 0; i < x; ++i) {
                        const std::array<int, 3> c{i, j, k};
                        for (int axis = 0; axis < 3; ++axis) {
                            const int size = dims[static_cast<std::size_t>(axis)];
                            if (size == 1)
                                continue;
                            std::array<int, 3> next = c;
                            next[static_cast<std::size_t>(axis)] =
                                (c[static_cast<std::size_t>(axis)] + 1) % size;
                            if (size == 2 && c[static_cast<std::size_t>(axis)] == 1)
                                continue;
                            const int a = i + j * x + k * x * y;
                            const int b = next[0] + next[1] * x + next[2] * x * y;
                            expected.insert({std::min(a, b), std::max(a, b)});
                        }
                    }
            if (expected == edges)
                return dims;
        }
    return std::nullopt;
}

struct Built {
    Json overrides = Json::object();
    std::vector<std::string> notes;
};

void buildTpu(const IgGraph& g, const IgInstance& rack, const IgDevice& d, int xpu,
              const std::array<int, 3>& dims, double iciGbit, const ChipChoice& chip, Built& out) {
    const int n = d.components[static_cast<std::size_t>(xpu)].count;
    const int cpus = d.count("cpu");
    Json pod;
    if (dims[2] > 1) {
        pod["cube"] = {dims[0], dims[1], dims[2]};
        pod["cubes"] = rack.count;
        pod["max_slice_cubes"] = rack.count;
        pod["ocs_ports"] = std::max(2, 2 * rack.count);
        pod["ocs_ports_used"] = std::max(2, 2 * rack.count);
        out.notes.push_back(std::to_string(rack.count) + " instances of \"" + d.name +
                            "\" read as the cubes of one pod, joined by OCS (the document "
                            "describes none; 2 OCS ports per cube assumed, as the presets do)");
    } else {
        pod["shape"] = {dims[0], dims[1]};
        out.overrides["sites"] = Json::array({{{"name", "site-1"}, {"pods", rack.count}}});
    }
    if (cpus > 0 && n % cpus == 0)
        pod["chips_per_host"] = n / cpus;
    out.overrides["pod"] = pod;
    if (iciGbit > 0)
        out.overrides["chip"] = {{"ici_link_gbyte_s", iciGbit / 8}};
    if (chip.preset == "tpu-v5e-pod" && chip.chip != "tpu-v5e")
        out.overrides["chip"] = chip.chip;
    bool external = false;
    for (const auto& e : g.edges)
        external = external || e.a.instance != e.b.instance;
    if (external)
        out.notes.push_back("edges between instances (NICs, DCN switches) are not mapped: "
                            "PodPlanner's DCN joins the pods");
}

void buildGpu(const IgGraph& g, int hostInstance, const IgDevice& d, int xpu,
              const ChipChoice& chip, Built& out) {
    const IgInstance& hosts = g.instances[static_cast<std::size_t>(hostInstance)];
    const int gpus = d.components[static_cast<std::size_t>(xpu)].count;
    // NVLink domain: xpus joined through switches or each other, PCIe left out.
    std::vector<int> base(d.components.size() + 1, 0);
    for (std::size_t c = 0; c < d.components.size(); ++c)
        base[c + 1] = base[c] + d.components[c].count;
    std::vector<int> parent(static_cast<std::size_t>(base.back()));
    std::iota(parent.begin(), parent.end(), 0);
    double nvGbit = 0;
    auto fabric = [&](int c) {
        const std::string& k = d.components[static_cast<std::size_t>(c)].choice;
        return c == xpu || k == "switch";
    };
    for (const auto& e : d.edges) {
        const IgLink& l = d.links[static_cast<std::size_t>(e.link)];
        if (isPcie(l) || !fabric(e.a.component) || !fabric(e.b.component) ||
            (e.a.component != xpu && e.b.component != xpu && e.a.component != e.b.component))
            continue;
        parent[static_cast<std::size_t>(
            find(parent, base[static_cast<std::size_t>(e.a.component)] + e.a.index))] =
            find(parent, base[static_cast<std::size_t>(e.b.component)] + e.b.index);
        nvGbit = std::max(nvGbit, l.gbitS);
    }
    std::set<int> domains;
    for (int i = 0; i < gpus; ++i)
        domains.insert(find(parent, base[static_cast<std::size_t>(xpu)] + i));
    if (domains.size() != 1)
        throwInputError(d.components[static_cast<std::size_t>(xpu)].pointer,
                        "xpus that form one NVLink domain (a PodPlanner node is one)",
                        std::to_string(domains.size()) +
                            " groups of xpus joined by non-PCIe links");

    // Switch tiers by distance from the nodes.
    auto key = [](const IgPoint& p) { return std::pair{p.instance, p.index}; };
    std::map<std::pair<int, int>, std::set<std::pair<int, int>>> adj;
    std::map<std::pair<int, int>, std::vector<const IgEdge*>> edgesOf;
    for (const auto& e : g.edges) {
        adj[key(e.a)].insert(key(e.b));
        adj[key(e.b)].insert(key(e.a));
        edgesOf[key(e.a)].push_back(&e);
        edgesOf[key(e.b)].push_back(&e);
    }
    std::map<std::pair<int, int>, int> tier;
    std::vector<std::pair<int, int>> frontier;
    for (int i = 0; i < hosts.count; ++i)
        frontier.push_back({hostInstance, i});
    for (int t = 0; !frontier.empty(); ++t) {
        std::vector<std::pair<int, int>> next;
        for (const auto& v : frontier)
            for (const auto& w : adj[v])
                if (w.first != hostInstance && !tier.count(w)) {
                    tier[w] = t;
                    next.push_back(w);
                }
        frontier = next;
    }
    int tiers = 0;
    for (const auto& [v, t] : tier)
        tiers = std::max(tiers, t + 1);
    Json pod = {{"nodes", hosts.count}, {"gpus_per_node", gpus}};
    if (tiers == 0) {
        if (hosts.count > 1)
            throwInputError(hosts.pointer, "nodes joined by switches (edges to switch instances)",
                            "no edges from its nodes");
        out.overrides["pod"] = pod;
        return;
    }
    // Leaves: ports, down (to nodes) and up (to the next tier) links, which NIC index each sees.
    int leafDevice = -1, down = 0, up = 0, upperDown = 0, upperUp = 0;
    double nicGbit = 0;
    bool rail = true;
    std::map<int, std::set<int>> leavesOfHost;
    for (const auto& [v, t] : tier) {
        const IgInstance& inst = g.instances[static_cast<std::size_t>(v.first)];
        if (t == 0) {
            if (leafDevice >= 0 && leafDevice != inst.device)
                throwInputError(inst.pointer, "one switch device for every leaf",
                                "a second leaf device \"" +
                                    g.devices[static_cast<std::size_t>(inst.device)].name + "\"");
            leafDevice = inst.device;
        }
        int toLower = 0, toUpper = 0;
        std::set<int> nics;
        for (const IgEdge* e : edgesOf[v]) {
            const IgPoint& other = key(e->a) == v ? e->b : e->a;
            if (t == 0 && other.instance == hostInstance) {
                ++toLower;
                nics.insert(other.end.index);
                leavesOfHost[other.index].insert(v.second);
                nicGbit = std::max(nicGbit, g.links[static_cast<std::size_t>(e->link)].gbitS);
            } else if (tier.count(key(other))) {
                (tier[key(other)] < t ? toLower : toUpper) += tier[key(other)] == t ? 0 : 1;
            }
        }
        if (t == 0) {
            down = std::max(down, toLower);
            up = std::max(up, toUpper);
            rail = rail && nics.size() == 1;
        } else if (t == 1) {
            upperDown = std::max(upperDown, toLower);
            upperUp = std::max(upperUp, toUpper);
        }
    }
    bool spread = false;
    for (const auto& [h, leaves] : leavesOfHost)
        spread = spread || leaves.size() > 1;
    const IgDevice& leaf = g.devices[static_cast<std::size_t>(leafDevice)];
    const int radix = leaf.count("port");
    if (radix == 0)
        throwInputError(leaf.pointer, "a switch with port components (choice port)",
                        "none (its ports set PodPlanner's leaf radix)");
    pod["leaf_radix"] = radix;
    const double over = up > 0 ? static_cast<double>(down) / up : 1;
    pod["oversubscription"] = std::max(1.0, over);
    pod["rail_optimized"] = rail && spread;
    out.overrides["pod"] = pod;
    if (tiers > 1 && upperUp > 0)
        out.overrides["dcn"] = {
            {"oversubscription", std::max(1.0, static_cast<double>(upperDown) / upperUp)}};
    out.notes.push_back(std::to_string(tiers) + " switch tier" + (tiers == 1 ? "" : "s") +
                        " read as leaf (radix " + std::to_string(radix) + ", " +
                        std::to_string(down) + " down : " + std::to_string(up) + " up)" +
                        (tiers > 1 ? " and spine" : "") +
                        (tiers > 2 ? "; tiers above the spine carry dcn.oversubscription "
                                     "(PodPlanner's fat-tree has two tiers)"
                                   : "") +
                        "; PodPlanner derives its own switch counts from the radix");
    Json chipPatch = Json::object();
    if (nvGbit > 0)
        chipPatch["nvlink_gbyte_s"] = nvGbit / 8;
    if (nicGbit > 0 && down > 0) {
        int edgesPerHost = 0;
        for (const auto& e : g.edges)
            if ((e.a.instance == hostInstance && e.a.index == 0) ||
                (e.b.instance == hostInstance && e.b.index == 0))
                ++edgesPerHost;
        chipPatch["dcn_gbit_s"] = nicGbit * edgesPerHost / gpus;
    }
    // B200 and H200 come in h100-cluster with the chip swapped: there is no preset of theirs
    // whose chip the document's bandwidths could patch.
    if (chip.preset == "h100-cluster" && chip.chip != "h100-sxm") {
        out.overrides["chip"] = chip.chip;
        if (!chipPatch.empty())
            out.notes.push_back("the document's NVLink and NIC bandwidths are not applied: " +
                                chip.chip + " has no preset cluster to patch");
        // The document's device is one tray: the NVLink switch trays that join 18 of them into
        // a rack are not in it, so each tray is read as a node of its own.
        if (chip.chip == "gb200" || chip.chip == "gb300")
            out.notes.push_back(chip.chip + " trays read as nodes of their own NVLink domain; "
                                            "for NVL72 racks (18 trays on one NVLink domain, 2 "
                                            "spare) start from the gb200-nvl72 preset");
    } else if (!chipPatch.empty()) {
        out.overrides["chip"] = chipPatch;
    }
}

} // namespace

InfraGraphImport importInfraGraph(const std::string& text, const std::string& path,
                                  const InfraGraphOptions& options) {
    // JSON when the text is a JSON object; YAML (InfraGraph's blueprints are published as
    // YAML) when it is not, or when the file is named .yaml / .yml.
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    const bool yamlName = path.size() > 5 && (path.compare(path.size() - 5, 5, ".yaml") == 0 ||
                                              path.compare(path.size() - 4, 4, ".yml") == 0);
    const bool yaml = yamlName || (first != std::string::npos && text[first] != '{');
    const IgGraph g = readInfraGraph(yaml ? parseYamlAsJson(text) : parseJsonText(text));
    int hostInstance = -1, xpu = -1;
    for (std::size_t i = 0; i < g.instances.size(); ++i) {
        const IgDevice& d = g.devices[static_cast<std::size_t>(g.instances[i].device)];
        if (d.count("xpu") == 0)
            continue;
        if (hostInstance >= 0)
            throwInputError(g.instances[i].pointer, "one instance of xpu-holding devices",
                            "a second one, \"" + g.instances[i].name + "\"",
                            "PodPlanner's pods repeat one node or cube");
        hostInstance = static_cast<int>(i);
        for (std::size_t c = 0; c < d.components.size(); ++c)
            if (d.components[c].choice == "xpu") {
                if (xpu >= 0)
                    throwInputError(d.components[c].pointer, "one xpu component per device",
                                    "a second, \"" + d.components[c].name + "\"");
                xpu = static_cast<int>(c);
            }
    }
    if (hostInstance < 0)
        throwInputError("/instances", "an instance of a device with xpu components",
                        "none (PodPlanner plans accelerators)");
    const IgInstance& host = g.instances[static_cast<std::size_t>(hostInstance)];
    const IgDevice& d = g.devices[static_cast<std::size_t>(host.device)];
    const IgComponent& x = d.components[static_cast<std::size_t>(xpu)];
    std::optional<ChipChoice> chip =
        options.chip.empty() ? chipFor(x.name + " " + x.description + " " + d.description)
                             : chipById(options.chip);
    if (!chip)
        throwInputError(x.pointer,
                        options.chip.empty()
                            ? "an xpu whose description names a built-in chip "
                              "(H100, A100, B200, GB200, GB300, Ironwood, v5p, v5e, TPU v4)"
                            : "a chip id with a preset cluster",
                        options.chip.empty() ? describeJson(Json(x.description))
                                             : describeJson(Json(options.chip)),
                        "give one with --chip ID");
    Built built;
    double iciGbit = 0;
    const auto torus = torusOf(d, xpu, iciGbit);
    const bool tpuChip = chip->chip.rfind("tpu-", 0) == 0;
    if (torus && !tpuChip)
        throwInputError(x.pointer, "GPUs on an NVLink domain (a torus is read as a TPU)",
                        "a " + chip->chip + " torus");
    if (tpuChip) {
        if (!torus)
            throwInputError(x.pointer, "TPU xpus joined in a 2D or 3D torus (x + y*X + z*X*Y)",
                            "edges that form no torus");
        buildTpu(g, host, d, xpu, *torus, iciGbit, *chip, built);
    } else {
        buildGpu(g, hostInstance, d, xpu, *chip, built);
    }
    built.overrides["id"] = "infragraph-" + g.name;
    built.overrides["name"] = g.name + " (from InfraGraph)";
    built.overrides["source"] = {{"pod", "InfraGraph document \"" + g.name +
                                             "\", read by podplanner import infragraph; "
                                             "chip, failure rates and floor from preset " +
                                             chip->preset}};
    Json cluster = {{"preset", chip->preset}, {"overrides", built.overrides}};
    InfraGraphImport out;
    out.name = options.name.empty() ? g.name : options.name;
    out.clusterJson = cluster.dump();
    out.notes = built.notes;
    return out;
}

Project projectFromCluster(const std::string& name, const std::string& clusterJson) {
    Json doc = {{"format", "podplanner-project"},
                {"version", 1},
                {"name", name},
                {"cluster", parseJsonText(clusterJson)},
                {"jobs", Json::array()}};
    return readProject(doc.dump());
}

Project withCluster(const Project& project, const std::string& clusterJson) {
    Json doc = parseJsonText(writeProject(project));
    doc["cluster"] = parseJsonText(clusterJson);
    return readProject(doc.dump());
}

} // namespace podplanner::model::interop
