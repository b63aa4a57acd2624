import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Which physical axes each mesh axis of the selected job is laid on. Empty fields are laid
// automatically (the fastest mapping the engine finds); a field names physical axes in order,
// e.g. "x" or "y z" or "dcn". Enter applies (one undo step); a mapping that does not fit the
// slice is refused with the engine's reason.
ColumnLayout {
    id: root
    required property ProjectDocument document
    readonly property var s: document.jobSettings
    spacing: Theme.gapSmall

    Label {
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        font.pixelSize: 11
        color: Theme.textMuted
        text: qsTr("Physical axes: %1").arg((root.s.physicalAxes || []).join(" · "))
              + (root.s.mappingText ? "\n" + qsTr("Now: %1").arg(root.s.mappingText) : "")
    }
    Repeater {
        model: ["dp", "fsdp", "tp", "pp", "ep", "cp"]
        delegate: RowLayout {
            id: row
            required property string modelData
            Layout.fillWidth: true
            visible: (root.s[modelData] || 1) > 1
            Label { text: row.modelData; Layout.preferredWidth: 92; font.pixelSize: 12 }
            TextField {
                id: field
                objectName: "mapping_" + row.modelData
                Layout.fillWidth: true
                placeholderText: qsTr("automatic")
                text: ((root.s.mapping || {})[row.modelData] || []).join(" ")
                onAccepted: root.document.setMeshMapping(root.document.selectedJob, row.modelData,
                                                         text.split(/[\s,]+/).filter(t => t.length > 0))
                Connections {
                    target: root.document
                    function onJobSettingsChanged() { field.text = ((root.s.mapping || {})[row.modelData] || []).join(" ") }
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Physical axes for %1, in order (e.g. x, or y z, or dcn); empty: automatic. Enter applies").arg(row.modelData)
            }
        }
    }
    Button {
        text: qsTr("All automatic")
        visible: root.s.userMapping === true
        onClicked: root.document.clearMeshMapping(root.document.selectedJob)
    }
}
