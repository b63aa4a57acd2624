#pragma once
// What the 3D view shows (docs/scene.md): the physical floor (racks at their row and column,
// or every chip inside them) or one job's slice as its torus (chips on the torus grid, links,
// wraparound arcs with their twist), coloured as ChipColoring says. Far away the floor shows
// racks; as the camera comes close, the racks near where it looks show their chips (level of
// detail). The instance tables and line geometry are built here in C++; Scene.qml composes them.
#include "box_instancing.h"
#include "chip_coloring.h"
#include "line_geometry.h"
#include "project_document.h"

#include <QObject>
#include <QVariantList>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace podplanner::model {
class Topology;
struct ProjectAnalysis;
struct Rack;
} // namespace podplanner::model

namespace podplanner::views {

class SceneController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(ProjectDocument* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(QString view READ view WRITE setView NOTIFY sceneChanged)
    Q_PROPERTY(QString colorMode READ colorMode WRITE setColorMode NOTIFY sceneChanged)
    Q_PROPERTY(int job READ job WRITE setJob NOTIFY sceneChanged)
    Q_PROPERTY(bool showChips READ showChips WRITE setShowChips NOTIFY sceneChanged)
    Q_PROPERTY(BoxInstancing* boxes READ boxes CONSTANT)
    Q_PROPERTY(LineGeometry* links READ links CONSTANT)
    Q_PROPERTY(LineGeometry* arcs READ arcs CONSTANT)
    Q_PROPERTY(LineGeometry* floorLines READ floorLines CONSTANT)
    Q_PROPERTY(LineGeometry* floorGrid READ floorGrid CONSTANT)
    Q_PROPERTY(LineGeometry* optical READ optical CONSTANT)
    Q_PROPERTY(LineGeometry* network READ network CONSTANT)
    Q_PROPERTY(bool showNetwork READ showNetwork WRITE setShowNetwork NOTIFY sceneChanged)
    Q_PROPERTY(int detailedRacks READ detailedRacks NOTIFY sceneChanged)
    Q_PROPERTY(int opticalLinks READ opticalLinks NOTIFY sceneChanged)
    // Logical view: links between cubes of the slice (optical, through an OCS), arcs excluded.
    Q_PROPERTY(int opticalLinksInSlice READ opticalLinksInSlice NOTIFY sceneChanged)
    Q_PROPERTY(bool showOptical READ showOptical WRITE setShowOptical NOTIFY sceneChanged)
    Q_PROPERTY(QStringList colorModes READ colorModes CONSTANT)
    Q_PROPERTY(QVariantList selectedRacks READ selectedRacks NOTIFY selectionChanged)
    Q_PROPERTY(LineGeometry* selectionLines READ selectionLines CONSTANT)
    Q_PROPERTY(int boxCount READ boxCount NOTIFY sceneChanged)
    Q_PROPERTY(int wraparoundArcs READ wraparoundArcs NOTIFY sceneChanged)
    Q_PROPERTY(QVector3D center READ center NOTIFY sceneChanged)
    // The corners of the box around everything drawn (racks, OCS racks, switches), for "fit".
    Q_PROPERTY(QVector3D boundsMin READ boundsMin NOTIFY sceneChanged)
    Q_PROPERTY(QVector3D boundsMax READ boundsMax NOTIFY sceneChanged)
    Q_PROPERTY(float extent READ extent NOTIFY sceneChanged)
    Q_PROPERTY(QVariantList legend READ legend NOTIFY sceneChanged)
    // Names on the floor of the physical view, left of what they name: [{text, position}].
    Q_PROPERTY(QVariantList floorLabels READ floorLabels NOTIFY sceneChanged)
    // The view's background is dark (the dark theme): lines on the floor are drawn light.
    Q_PROPERTY(bool darkBackground READ darkBackground WRITE setDarkBackground NOTIFY sceneChanged)
    // Links drawn as strips of some width instead of one-pixel lines (with smooth edges: a
    // software rasteriser pays for the vertices, docs/scene.md).
    Q_PROPERTY(bool thickLinks READ thickLinks WRITE setThickLinks NOTIFY sceneChanged)
    // In job colours: this job as it is, the rest faded (a click on its legend entry); -1: none.
    Q_PROPERTY(int highlightedJob READ highlightedJob WRITE setHighlightedJob NOTIFY sceneChanged)
  public:
    explicit SceneController(QObject* parent = nullptr);
    ~SceneController() override;

    ProjectDocument* document() const { return document_; }
    void setDocument(ProjectDocument* document);
    QString view() const { return view_; }
    void setView(const QString& view);
    QString colorMode() const { return colorMode_; }
    void setColorMode(const QString& mode);
    int job() const { return job_; }
    void setJob(int job);
    int highlightedJob() const { return coloring_.highlight(); }
    void setHighlightedJob(int job);
    bool showChips() const { return showChips_; }
    void setShowChips(bool show);

    BoxInstancing* boxes() { return &boxes_; }
    LineGeometry* links() { return &links_; }
    LineGeometry* arcs() { return &arcs_; }
    LineGeometry* floorLines() { return &floorLines_; } // the power rows' outlines
    LineGeometry* floorGrid() { return &floorGrid_; }
    LineGeometry* optical() { return &optical_; }
    LineGeometry* network() { return &network_; }
    bool showNetwork() const { return showNetwork_; }
    void setShowNetwork(bool show);
    int detailedRacks() const { return static_cast<int>(detailed_.size()); }
    int opticalLinks() const { return optical_.segmentCount(); }
    int opticalLinksInSlice() const { return opticalInLogical_; }
    bool showOptical() const { return showOptical_; }
    void setShowOptical(bool show);
    QStringList colorModes() const { return ChipColoring::modes(); }
    QVariantList selectedRacks() const;
    LineGeometry* selectionLines() { return &selectionLines_; }
    int boxCount() const { return static_cast<int>(boxes_.boxes().size()); }
    int wraparoundArcs() const { return wraparoundArcs_; }
    QVector3D center() const { return center_; }
    QVector3D boundsMin() const { return boundsMin_; }
    QVector3D boundsMax() const { return boundsMax_; }
    float extent() const { return extent_; }
    QVariantList legend() const;
    QVariantList floorLabels() const { return floorLabels_; }
    bool darkBackground() const { return darkBackground_; }
    void setDarkBackground(bool dark);
    bool thickLinks() const { return thickLinks_; }
    void setThickLinks(bool thick);

    // Where a chip is drawn in the current view (its rack's box when chips are not shown).
    Q_INVOKABLE QVector3D chipScenePosition(qint64 chip) const;
    // Where a rack drawn whole (an OCS rack, or a chip rack without its chips) stands.
    Q_INVOKABLE QVector3D rackScenePosition(int rack) const;
    // The box a ray hits first: {"chip": index or -1, "label": tooltip text}; empty if none.
    Q_INVOKABLE QVariantMap pickRay(const QVector3D& origin, const QVector3D& direction) const;
    // Failing and repairing go through the document (undoable, and every number follows).
    Q_INVOKABLE void setChipFailed(qint64 chip, bool failed);
    // Where the camera is and looks (scene coordinates): racks near the point it looks at on
    // the floor show their chips when it is close enough.
    Q_INVOKABLE void setCameraRay(const QVector3D& position, const QVector3D& forward);

    // Selection, shared with the rest of the UI: racks (cubes on TPU pods) picked in the
    // physical view. `add` (shift) toggles a rack in or out instead of replacing the selection.
    Q_INVOKABLE void select(const QVariantMap& hit, bool add);
    Q_INVOKABLE void selectRacks(const QVariantList& racks, bool add);
    Q_INVOKABLE void clearSelection();
    // Chip racks and where they stand, for selecting by dragging a rectangle: [{rack, center}].
    Q_INVOKABLE QVariantList rackCenters() const;
    // {center, radius} around the selected racks (empty when nothing is selected).
    Q_INVOKABLE QVariantMap selectionBounds() const;
    Q_INVOKABLE void clearFailures();

  signals:
    void documentChanged();
    void sceneChanged();
    void viewChanged();
    void selectionChanged();

  private:
    void takeAnalysis();
    void rebuild();
    void buildPhysical();
    void buildLogical();
    QColor colorOf(qint64 chip, int owner) const { return coloring_.color(chip, owner); }
    int ownerOf(qint64 chip) const;
    void finishBounds();
    QVector3D rackPosition(const model::Rack& rack) const;
    std::vector<int> chooseDetailedRacks() const;
    void buildFloorLines();
    void buildPhysicalTorusLinks();
    QColor floorOutlineColor() const; // power rows' outlines, light on a dark floor
    void buildOpticalLinks();
    void buildSelectionLines();

    ProjectDocument* document_ = nullptr;
    QString view_ = QStringLiteral("physical");
    QString colorMode_ = QStringLiteral("job");
    int job_ = 0;
    bool showChips_ = true;
    bool showOptical_ = false; // a web over the floor: drawn when asked for
    BoxInstancing boxes_;
    LineGeometry links_;
    LineGeometry arcs_;
    LineGeometry floorLines_;
    LineGeometry floorGrid_;
    QVariantList floorLabels_;
    bool darkBackground_ = false;
    bool thickLinks_ = false;
    LineGeometry optical_;
    LineGeometry network_;
    bool showNetwork_ = true;
    QVector<QString> networkLabels_; // tooltips of the network boxes (boxRack_ = -2 - index)
    LineGeometry selectionLines_;
    std::vector<int> selection_; // selected racks, sorted
    ChipColoring coloring_;
    const model::ProjectAnalysis* coloredAnalysis_ = nullptr; // what coloring_ was prepared for
    int wraparoundArcs_ = 0;
    int opticalInLogical_ = 0;
    float siteOffset_ = 0;                       // x distance between sites on the floor
    std::vector<std::vector<qint64>> rackChips_; // chips of each rack
    std::vector<int> detailed_; // racks drawn chip by chip (level of detail), sorted
    QVector3D focus_;           // where the camera looks on the floor
    float focusDistance_ = -1;  // how far it is from there (-1: not looking at the floor)
    QVector3D center_;
    float extent_ = 1000;
    QVector3D boundsMin_, boundsMax_;

    bool ocsRackFailed(int rack) const;
    // From the document's newest analysis: the topology with its failures, and who owns what.
    std::shared_ptr<const model::ProjectAnalysis> analysis_;
    const model::Topology* topology_ = nullptr;
    std::size_t chipCount_ = 0; // of the cluster shown; a new cluster resets the detail level
    QVector<qint64> boxChip_;   // chip shown by each box (-1: a rack or an OCS)
    QVector<int> boxRack_;      // rack of each box (-1 in the logical view)
};

} // namespace podplanner::views
