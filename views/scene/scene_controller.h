#pragma once
// What the 3D view shows (docs/scene.md): the physical floor (racks at their row and column,
// or every chip inside them) or one job's slice as its torus (chips on the torus grid, links,
// wraparound arcs with their twist), coloured by job or by health. The instance tables and link
// geometry are built here in C++; Scene.qml only composes them.
#include "box_instancing.h"
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
    Q_PROPERTY(int boxCount READ boxCount NOTIFY sceneChanged)
    Q_PROPERTY(int wraparoundArcs READ wraparoundArcs NOTIFY sceneChanged)
    Q_PROPERTY(QVector3D center READ center NOTIFY sceneChanged)
    Q_PROPERTY(float extent READ extent NOTIFY sceneChanged)
    Q_PROPERTY(QVariantList legend READ legend NOTIFY sceneChanged)
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
    bool showChips() const { return showChips_; }
    void setShowChips(bool show);

    BoxInstancing* boxes() { return &boxes_; }
    LineGeometry* links() { return &links_; }
    LineGeometry* arcs() { return &arcs_; }
    int boxCount() const { return static_cast<int>(boxes_.boxes().size()); }
    int wraparoundArcs() const { return wraparoundArcs_; }
    QVector3D center() const { return center_; }
    float extent() const { return extent_; }
    QVariantList legend() const;

    // Where a chip is drawn in the current view (its rack's box when chips are not shown).
    Q_INVOKABLE QVector3D chipScenePosition(qint64 chip) const;
    // The box a ray hits first: {"chip": index or -1, "label": tooltip text}; empty if none.
    Q_INVOKABLE QVariantMap pickRay(const QVector3D& origin, const QVector3D& direction) const;
    // Failing and repairing go through the document (undoable, and every number follows).
    Q_INVOKABLE void setChipFailed(qint64 chip, bool failed);
    Q_INVOKABLE void clearFailures();

  signals:
    void documentChanged();
    void sceneChanged();
    void viewChanged();

  private:
    void takeAnalysis();
    void rebuild();
    void buildPhysical();
    void buildLogical();
    QColor colorOf(qint64 chip, int owner) const;
    int ownerOf(qint64 chip) const;
    void finishBounds();

    ProjectDocument* document_ = nullptr;
    QString view_ = QStringLiteral("physical");
    QString colorMode_ = QStringLiteral("job");
    int job_ = 0;
    bool showChips_ = true;
    BoxInstancing boxes_;
    LineGeometry links_;
    LineGeometry arcs_;
    int wraparoundArcs_ = 0;
    QVector3D center_;
    float extent_ = 1000;
    // From the document's newest analysis: the topology with its failures, and who owns what.
    std::shared_ptr<const model::ProjectAnalysis> analysis_;
    const model::Topology* topology_ = nullptr;
    std::size_t chipCount_ = 0; // of the cluster shown; a new cluster resets the detail level
    QVector<qint64> boxChip_;   // chip shown by each box (-1: a rack or an OCS)
    QVector<int> boxRack_;      // rack of each box (-1 in the logical view)
};

} // namespace podplanner::views
